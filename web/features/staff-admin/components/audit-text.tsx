import { Link } from 'react-router';
import type { Permission } from '../../../../common/access';
import { formatDateTime } from '../../../lib/format';
import { providerName } from '../../../lib/provider-names';
import { roleName } from '../../../lib/role-name';
import { useTranslation } from '../../../lib/use-translation';
import { type AuditAd, ID_FIELDS, auditSubjectHref } from '../audit-links';
import { permissionKey } from '../role-rules';

const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The words of the audit log in the reader's language: actions, kinds of things, fields and their values. */
export function useAuditText() {
  const { t, i18n } = useTranslation();
  const word = (key: string, fallback: string) => t(key, { defaultValue: fallback });
  const text = {
    action(action: string): string {
      const status = /^ad_status_(\w+)$/.exec(action)?.[1];
      if (status) return t('audit.actions.ad_status', { status: word(`status.${status}`, status) });
      return word(`audit.actions.${action}`, action);
    },
    entity: (entity: string) => word(`audit.entities.${entity}`, entity),
    field: (field: string) => word(`audit.fields.${field}`, field),
    /** A recorded value as words: a report's action, a rule, a status, a role, a permission, yes/no, a moment. */
    value(field: string, value: string): string {
      if (value === 'true' || value === 'false') return t(`audit.values.${value === 'true' ? 'yes' : 'no'}`);
      if (ISO_MOMENT.test(value)) return formatDateTime(value, i18n.language);
      switch (field) {
        case 'action':
        case 'resolution':
          return word(`admin_reports.action_${value}`, value);
        case 'rule':
          return word(`reports.rules.${value}`, value);
        case 'status':
          return word(`status.${value}`, value);
        case 'roles':
          return roleName({ slug: value, name: value }, t);
        case 'permissions':
          return word(`roles.permission.${permissionKey(value)}.label`, value);
        case 'second_factor':
        case 'outcome':
          return word(`audit.values.${field}.${value}`, value);
        case 'provider':
          return providerName(value);
        default:
          return value;
      }
    },
    /** "Ad #314", "User #5": a thing by its kind and id. */
    subject: (type: string, id: string | number) => t('audit.subject', { entity: text.entity(type), id }),
  };
  return text;
}

/** A thing an entry names, as a link to where the reader may open it (an ad by its title), else as words. */
export function AuditSubject({
  type,
  id,
  ads,
  permissions,
}: {
  type: string;
  id: string | number | null;
  ads: readonly AuditAd[];
  permissions: readonly Permission[];
}) {
  const { t } = useTranslation();
  const text = useAuditText();
  const ad = type === 'product' ? ads.find((item) => String(item.id) === String(id)) : undefined;
  const label = id === null ? text.entity(type) : text.subject(type, id);
  const href = auditSubjectHref(type, id, ads, permissions);
  if (!href) return <>{label}</>;
  return (
    <Link
      to={href}
      className="font-medium text-brand underline"
      aria-label={t('audit.open', { name: ad ? `${label}: ${ad.name}` : label })}
    >
      {label}
      {ad && <span className="font-normal"> · {ad.name}</span>}
    </Link>
  );
}

/** One recorded detail's value: a thing with a page as a link, the rest in words. */
export function AuditDetailValue({
  field,
  raw,
  shown,
  ads,
  permissions,
}: {
  field: string;
  raw: unknown;
  shown: string;
  ads: readonly AuditAd[];
  permissions: readonly Permission[];
}) {
  const text = useAuditText();
  const subject = raw as { type?: unknown; id?: unknown } | null;
  if (field === 'subject' && subject && typeof subject === 'object' && typeof subject.type === 'string') {
    return <AuditSubject type={subject.type} id={(subject.id as number | string | null) ?? null} ads={ads} permissions={permissions} />;
  }
  const kind = ID_FIELDS[field];
  if (kind && (typeof raw === 'number' || typeof raw === 'string') && raw !== '') {
    return <AuditSubject type={kind} id={raw} ads={ads} permissions={permissions} />;
  }
  if (field === 'reports' && Array.isArray(raw)) return <>{raw.map((id) => `#${String(id)}`).join(', ')}</>;
  if (Array.isArray(raw)) return <>{raw.map((item) => text.value(field, String(item))).join(', ')}</>;
  return <>{text.value(field, shown)}</>;
}
