import { roleName } from '../../../lib/role-name';
import { useTranslation } from '../../../lib/use-translation';
import type { RoleChoice } from '../user-rules';

/** A role's name: the built-in six in the reader's language, the site's own roles as staff named them. */
export function RoleName({ role }: { role: Pick<RoleChoice, 'slug' | 'name'> }) {
  const { t } = useTranslation();
  return <>{roleName(role, t)}</>;
}

/** An account's roles as small badges (staff roles stand out). */
export function RoleBadges({ slugs, roles }: { slugs: string[]; roles: RoleChoice[] }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {slugs.map((slug) => {
        const role = roles.find((r) => r.slug === slug) ?? { slug, name: slug };
        const staff = slug !== 'user' && slug !== 'unverified';
        return (
          <li
            key={slug}
            className={`rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${staff ? 'bg-brand-soft text-ink' : 'bg-sunken text-muted'}`}
          >
            <RoleName role={role} />
          </li>
        );
      })}
    </ul>
  );
}
