import type { SessionUser } from '../../server/load-context';

/** The person's picture, or the first letter of their name on the brand colour. */
export function Avatar({ user, size = 32 }: { user: Pick<SessionUser, 'name' | 'avatar'>; size?: number }) {
  if (user.avatar) {
    return (
      <img
        src={user.avatar}
        alt=""
        width={size}
        height={size}
        className="rounded-full object-cover"
        style={{ width: size, height: size }}
      />
    );
  }
  const initial = user.name.trim().charAt(0).toUpperCase() || '?';
  return (
    <span
      aria-hidden
      className="inline-flex items-center justify-center rounded-full bg-brand font-semibold text-brand-ink"
      style={{ width: size, height: size, fontSize: size * 0.45 }}
    >
      {initial}
    </span>
  );
}
