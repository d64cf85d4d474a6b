import { ArrowRight, Filter, X } from 'lucide-react';
import { Form, Link } from 'react-router';
import type { Static } from 'typebox';
import type { Permission } from '../../../../common/access';
import type { AuditEntry } from '../../../../server/modules/audit/audit.schemas';
import { FieldErrors, inputClass, primaryButton, secondaryButton } from '../../../components/form-controls';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { type AuditChange, auditChanges } from '../audit-changes';
import { AUDIT_ACTIONS } from '../audit-actions';
import { type AuditFilterValues, auditSearch } from '../audit-filters';
import { AuditDetailValue, AuditSubject, useAuditText } from './audit-text';

type Entry = Static<typeof AuditEntry>;

const KNOWN_ENTITIES = [
  'user',
  'role',
  'product',
  'report',
  'decision',
  'catalog',
  'catalog_attribute',
  'search_synonyms',
  'blog_post',
  'blog_category',
  'info_page',
  'app_settings',
  'retention',
];

function ChangeRow({ change }: { change: AuditChange }) {
  const { t } = useTranslation();
  const text = useAuditText();
  return (
    <div className="grid gap-1 py-1.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-muted">{text.field(change.field)}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-1.5">
        {change.kind === 'list' ? (
          <>
            {change.added.map((item) => (
              <ins key={`+${item}`} className="rounded bg-success/15 px-1.5 no-underline">
                <span className="sr-only">{t('audit.added')} </span>+ {text.value(change.field, item)}
              </ins>
            ))}
            {change.removed.map((item) => (
              <del key={`-${item}`} className="rounded bg-danger/15 px-1.5">
                <span className="sr-only">{t('audit.removed')} </span>− {text.value(change.field, item)}
              </del>
            ))}
          </>
        ) : (
          <>
            <del className="rounded bg-danger/15 px-1.5 break-all">
              <span className="sr-only">{t('audit.before')} </span>
              {change.before === null ? '—' : text.value(change.field, change.before)}
            </del>
            <ArrowRight aria-hidden size={14} className="shrink-0 text-muted" />
            <ins className="rounded bg-success/15 px-1.5 break-all no-underline">
              <span className="sr-only">{t('audit.after')} </span>
              {change.after === null ? '—' : text.value(change.field, change.after)}
            </ins>
          </>
        )}
      </dd>
    </div>
  );
}

function Person({ person, filters }: { person: Entry['actor']; filters: AuditFilterValues }) {
  const { t } = useTranslation();
  if (!person) return <span className="text-muted">{t('audit.nobody')}</span>;
  return (
    <Link
      to={auditSearch({ ...filters, actor: String(person.id) })}
      className="font-medium text-brand hover:underline"
      title={t('audit.filter_by_actor')}
    >
      {person.name} <span className="font-normal text-muted">&lt;{person.email}&gt;</span>
    </Link>
  );
}

function EntryCard({ entry, filters, permissions }: { entry: Entry; filters: AuditFilterValues; permissions: readonly Permission[] }) {
  const { t, i18n } = useTranslation();
  const text = useAuditText();
  const { changes, details } = auditChanges(entry.data);
  return (
    <article className="rounded-2xl border border-line bg-raised p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold">
          <Link to={auditSearch({ ...filters, action: entry.action })} className="hover:underline" title={t('audit.filter_by_action')}>
            {text.action(entry.action)}
          </Link>
        </h2>
        <time dateTime={entry.created_at} className="text-sm text-muted">
          {formatDateTime(entry.created_at, i18n.language)}
        </time>
      </header>
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('audit.who')}</dt>
        <dd className="min-w-0 break-words">
          {entry.impersonator ? (
            <>
              <Person person={entry.impersonator} filters={filters} /> {t('audit.acting_as')}{' '}
              <Person person={entry.actor} filters={filters} />
            </>
          ) : (
            <Person person={entry.actor} filters={filters} />
          )}
        </dd>
        <dt className="text-muted">{t('audit.target')}</dt>
        <dd className="flex min-w-0 flex-wrap items-baseline gap-x-3">
          <AuditSubject type={entry.entity} id={entry.entity_id} ads={entry.ads} permissions={permissions} />
          <Link
            to={auditSearch({ ...filters, entity: entry.entity, entity_id: entry.entity_id ?? '' })}
            className="text-xs text-muted hover:underline"
          >
            {t('audit.filter_by_target')}
          </Link>
        </dd>
        <dt className="text-muted">{t('audit.ip')}</dt>
        <dd className="font-mono text-xs leading-5">{entry.ip ?? '—'}</dd>
      </dl>
      {changes.length > 0 && (
        <dl aria-label={t('audit.changes')} className="mt-3 divide-y divide-line border-t border-line text-sm">
          {changes.map((change) => (
            <ChangeRow key={change.field} change={change} />
          ))}
        </dl>
      )}
      {details.length > 0 && (
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {details.map(({ key, value, raw }) => (
            <div key={key} className="flex gap-1.5">
              <dt className="text-muted">{text.field(key)}:</dt>
              <dd className="break-words">
                <AuditDetailValue field={key} raw={raw} shown={value} ads={entry.ads} permissions={permissions} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}

function FilterField({
  name,
  label,
  values,
  error,
  ...input
}: {
  name: keyof AuditFilterValues;
  label: string;
  values: AuditFilterValues;
  error: string | undefined;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = `audit-${name}`;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        defaultValue={values[name]}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-errors` : undefined}
        className={`${inputClass} h-10`}
        {...input}
      />
      <FieldErrors id={`${id}-errors`} errors={error ? [error] : undefined} />
    </div>
  );
}

/** The audit log: filters (a plain GET form, so it works before scripts load), the entries newest first, pages. */
export function AuditLog({
  entries,
  values,
  errors,
  total,
  page,
  lastPage,
  permissions,
}: {
  entries: Entry[];
  /** The reader's permissions: a thing links to its admin page only when they may open it. */
  permissions: readonly Permission[];
  values: AuditFilterValues;
  errors: Partial<Record<keyof AuditFilterValues, string>>;
  total: number;
  page: number;
  lastPage: number;
}) {
  const { t } = useTranslation();
  const text = useAuditText();
  const filtered = Object.values(values).some(Boolean);
  const error = (field: keyof AuditFilterValues) => (errors[field] ? t(errors[field]) : undefined);
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title" className="text-2xl font-bold">
        {t('audit.title')}
      </h1>
      <p className="mt-1 text-muted">{t('audit.intro')}</p>

      <Form method="get" className="mt-5 rounded-2xl border border-line bg-raised p-4" aria-label={t('audit.filters.title')}>
        {/* Two columns even on a phone: six filters in one column would fill the screen before the first entry. */}
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <FilterField
            name="action"
            label={t('audit.filters.action')}
            values={values}
            error={error('action')}
            list="audit-actions"
            autoComplete="off"
          />
          <FilterField
            name="entity"
            label={t('audit.filters.entity')}
            values={values}
            error={error('entity')}
            list="audit-entities"
            autoComplete="off"
          />
          <FilterField
            name="entity_id"
            label={t('audit.filters.entity_id')}
            values={values}
            error={error('entity_id')}
            autoComplete="off"
          />
          <FilterField name="actor" label={t('audit.filters.actor')} values={values} error={error('actor')} autoComplete="off" />
          <FilterField name="from" label={t('audit.filters.from')} values={values} error={error('from')} type="date" />
          <FilterField name="to" label={t('audit.filters.to')} values={values} error={error('to')} type="date" />
        </div>
        <datalist id="audit-actions">
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action} label={text.action(action)} />
          ))}
        </datalist>
        <datalist id="audit-entities">
          {KNOWN_ENTITIES.map((entity) => (
            <option key={entity} value={entity} label={text.entity(entity)} />
          ))}
        </datalist>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="submit" className={`${primaryButton} h-10`}>
            <Filter aria-hidden size={16} />
            {t('audit.filters.apply')}
          </button>
          {filtered && (
            <Link to="?" className={`${secondaryButton} h-10`}>
              <X aria-hidden size={16} />
              {t('audit.filters.clear')}
            </Link>
          )}
        </div>
      </Form>

      <h2 className="mt-6 text-lg font-semibold" aria-live="polite">
        {t('audit.count', { count: total })}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-dashed border-line p-8 text-center text-muted">
          {filtered ? t('audit.none_filtered') : t('audit.none')}
        </p>
      ) : (
        <ol className="mt-3 space-y-3">
          {entries.map((entry) => (
            <li key={entry.id}>
              <EntryCard entry={entry} filters={values} permissions={permissions} />
            </li>
          ))}
        </ol>
      )}
      <Pagination page={page} lastPage={lastPage} />
    </section>
  );
}
