import { Archive, CalendarClock, CircleCheck, FilePen } from 'lucide-react';
import type { ComponentType } from 'react';
import type { BlogStatus } from '../../../../common/blog';
import { useTranslation } from '../../../lib/use-translation';

const LOOK: Record<
  BlogStatus,
  { icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean; className?: string }>; box: string; tint: string }
> = {
  draft: { icon: FilePen, box: 'border-line bg-sunken', tint: 'text-muted' },
  scheduled: { icon: CalendarClock, box: 'border-warning/50 bg-warning/15', tint: 'text-warning' },
  published: { icon: CircleCheck, box: 'border-success/50 bg-success/15', tint: 'text-success' },
  archived: { icon: Archive, box: 'border-line bg-sunken', tint: 'text-muted' },
};

/** A post's status as readers see it now (a scheduled post past its time reads "Published"), with an icon so it reads without colour. */
export function PostStatusBadge({ status }: { status: BlogStatus }) {
  const { t } = useTranslation();
  const { icon: Icon, box, tint } = LOOK[status];
  return (
    <span className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium text-ink ${box}`}>
      <Icon aria-hidden size={13} className={tint} />
      {t(`admin_blog.status.${status}`)}
    </span>
  );
}
