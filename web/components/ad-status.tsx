import { BadgeEuro, Bookmark, ChevronDown, CircleCheck, CircleX, Clock, EyeOff, FilePen, Loader2 } from 'lucide-react';
import type { ComponentType } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from '../lib/use-translation';
import type { AdStatus } from '../../common/ad-rules';

/** Each status has an icon and a tint, so it reads without colour too; the text stays in body colour for contrast. */
const LOOK: Record<
  AdStatus,
  { icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>; box: string; tint: string }
> = {
  new: { icon: FilePen, box: 'border-line bg-sunken', tint: 'text-muted' },
  moderate: { icon: Clock, box: 'border-warning/50 bg-warning/15', tint: 'text-warning' },
  active: { icon: CircleCheck, box: 'border-success/50 bg-success/15', tint: 'text-success' },
  sold: { icon: BadgeEuro, box: 'border-line bg-sunken', tint: 'text-ink' },
  reserved: { icon: Bookmark, box: 'border-brand/40 bg-brand-soft', tint: 'text-brand' },
  disabled: { icon: EyeOff, box: 'border-line bg-sunken', tint: 'text-muted' },
  canceled: { icon: CircleX, box: 'border-danger/50 bg-danger/10', tint: 'text-danger' },
};

export function StatusIcon({ status, size = 14 }: { status: AdStatus; size?: number }) {
  const { icon: Icon, tint } = LOOK[status];
  return <Icon aria-hidden size={size} className={`shrink-0 ${tint}`} />;
}

/** The label of an ad's status (`status.*`, moderate reads "Checking with moderator"). */
export function AdStatusBadge({ status }: { status: AdStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold text-ink ${LOOK[status].box}`}
    >
      <StatusIcon status={status} />
      {t(`status.${status}`)}
    </span>
  );
}

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-ink outline-none data-[focused]:bg-sunken data-[hovered]:bg-sunken';

/**
 * A button that opens the statuses an ad may move to (react-aria: arrow keys, type-ahead,
 * Escape, focus back on the button). Offers exactly `choices`; renders nothing without any.
 */
export function StatusMenu({
  choices,
  label,
  ariaLabel,
  itemLabel,
  onChoose,
  busy = false,
  busyLabel,
  describedBy,
}: {
  choices: readonly AdStatus[];
  label: string;
  ariaLabel: string;
  itemLabel: (status: AdStatus) => string;
  onChoose: (status: AdStatus) => void;
  busy?: boolean;
  busyLabel: string;
  describedBy?: string | undefined;
}) {
  if (choices.length === 0) return null;
  return (
    <MenuTrigger>
      <Button
        aria-label={busy ? busyLabel : ariaLabel}
        aria-describedby={describedBy}
        isDisabled={busy}
        className="inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-line bg-raised px-3 text-sm font-semibold text-ink hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-70 focus-ring data-[pressed]:bg-sunken"
      >
        {busy ? <Loader2 aria-hidden size={16} className="animate-spin" /> : null}
        {busy ? busyLabel : label}
        <ChevronDown aria-hidden size={16} />
      </Button>
      <Popover
        placement="bottom start"
        offset={6}
        className="min-w-56 rounded-xl border border-line bg-raised p-1 text-ink shadow-lg outline-none"
      >
        <Menu aria-label={ariaLabel} className="outline-none" onAction={(key) => onChoose(key as AdStatus)}>
          {choices.map((status) => (
            <MenuItem key={status} id={status} className={itemClass}>
              <StatusIcon status={status} size={18} />
              {itemLabel(status)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
