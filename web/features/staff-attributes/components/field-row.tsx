import { ArrowDown, ArrowUp, Archive, ArchiveRestore, Pencil } from 'lucide-react';
import { labelOf } from '../../../../common/attributes';
import type { Locale } from '../../../../common/locales';
import type { AdminAttribute } from '../../../../server/modules/attributes/attributes.schemas';
import { useTranslation } from '../../../lib/use-translation';

export type FieldAction = 'up' | 'down' | 'edit' | 'retire';

const iconButton =
  'inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border border-line bg-raised text-ink hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-40';
const textButton =
  'inline-flex h-10 items-center gap-1.5 rounded-lg border border-line bg-raised px-3 text-sm font-semibold hover:bg-sunken disabled:cursor-not-allowed disabled:opacity-40';
const badge = 'rounded-full bg-sunken px-2 py-0.5 text-xs font-medium text-muted';

/**
 * One field: its name, key, type and flags. An inherited one (`from` given) is read-only and says
 * where it comes from; an own one can move, be changed, retired and restored.
 */
export function FieldRow({
  field,
  from,
  first = false,
  last = false,
  busy = false,
  onAction,
  buttonRef,
}: {
  field: AdminAttribute;
  from?: string;
  first?: boolean;
  last?: boolean;
  busy?: boolean;
  onAction?: (action: FieldAction) => void;
  buttonRef?: (which: 'up' | 'down', element: HTMLButtonElement | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const label = labelOf(field.labels, i18n.language as Locale);
  const unit = field.unit ? ` (${t(`attributes.unit.${field.unit}`)})` : '';
  return (
    <div
      className={`flex flex-col gap-2 rounded-xl border border-line p-3 sm:flex-row sm:items-center sm:gap-3 ${field.retired ? 'bg-sunken' : 'bg-raised'}`}
    >
      <div className="min-w-0 flex-1">
        <p className={`font-semibold break-words ${field.retired ? 'text-muted' : ''}`}>
          {label}
          <span className="ms-2 font-mono text-xs font-normal text-muted">{field.key}</span>
        </p>
        <p className="text-sm text-muted">
          {t(`staff_attributes.types.${field.type}`)}
          {unit}
          {field.type === 'choice' || field.type === 'choices'
            ? ` · ${t('staff_attributes.options_count', { count: field.options.length })}`
            : ''}
        </p>
        <p className="mt-1 flex flex-wrap gap-1.5">
          {field.retired && (
            <span className="rounded-full bg-warning/20 px-2 py-0.5 text-xs font-semibold text-ink">{t('staff_attributes.retired')}</span>
          )}
          {field.required && <span className={badge}>{t('staff_attributes.required')}</span>}
          {field.filter && <span className={badge}>{t('staff_attributes.filter')}</span>}
          {field.card && <span className={badge}>{t('staff_attributes.card', { slot: field.card })}</span>}
          {from && <span className={badge}>{t('staff_attributes.from', { name: from })}</span>}
        </p>
      </div>
      {onAction && (
        <div role="group" aria-label={t('staff_attributes.actions_of', { label })} className="flex flex-wrap items-center gap-1.5">
          <button
            type="button"
            ref={(element) => buttonRef?.('up', element)}
            className={iconButton}
            disabled={busy || first}
            aria-label={t('staff_attributes.up', { label })}
            onClick={() => onAction('up')}
          >
            <ArrowUp aria-hidden size={18} />
          </button>
          <button
            type="button"
            ref={(element) => buttonRef?.('down', element)}
            className={iconButton}
            disabled={busy || last}
            aria-label={t('staff_attributes.down', { label })}
            onClick={() => onAction('down')}
          >
            <ArrowDown aria-hidden size={18} />
          </button>
          <button
            aria-haspopup="dialog"
            type="button"
            className={textButton}
            disabled={busy}
            aria-label={`${t('staff_attributes.edit')}: ${label}`}
            onClick={() => onAction('edit')}
          >
            <Pencil aria-hidden size={16} />
            {t('staff_attributes.edit')}
          </button>
          <button
            aria-haspopup="dialog"
            type="button"
            className={textButton}
            disabled={busy}
            aria-label={`${t(field.retired ? 'staff_attributes.restore' : 'staff_attributes.retire')}: ${label}`}
            onClick={() => onAction('retire')}
          >
            {field.retired ? <ArchiveRestore aria-hidden size={16} /> : <Archive aria-hidden size={16} />}
            {t(field.retired ? 'staff_attributes.restore' : 'staff_attributes.retire')}
          </button>
        </div>
      )}
    </div>
  );
}
