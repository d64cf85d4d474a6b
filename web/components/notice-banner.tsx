import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const TONES = {
  warning: { band: 'border-warning/40 bg-warning/10', icon: 'text-warning' },
  brand: { band: 'border-brand/40 bg-brand/10', icon: 'text-brand' },
} as const;

/** A full-width notice under the top bar: an icon, a sentence, and one action beside it (below it on a phone). */
export function NoticeBanner({
  label,
  icon: Icon,
  tone,
  children,
  action,
}: {
  label: string;
  icon: LucideIcon;
  tone: keyof typeof TONES;
  children: ReactNode;
  action: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} className={`border-b ${TONES[tone].band}`}>
      <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <Icon aria-hidden size={20} className={`mt-0.5 shrink-0 ${TONES[tone].icon}`} />
          <p className="text-sm [overflow-wrap:anywhere]">{children}</p>
        </div>
        {action}
      </div>
    </div>
  );
}
