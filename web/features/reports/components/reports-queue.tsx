import { ExternalLink, Flag, Gavel, Mail, MessageSquare, Star, User } from 'lucide-react';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { Static } from 'typebox';
import {
  APPEAL_OUTCOMES,
  type AppealOutcome,
  DECISION_FACTS_MAX,
  DECISION_FACTS_MIN,
  REPORT_SUBJECTS,
  type ReportAction,
  type ReportSubject,
  TERMS_RULES,
  type TermsRule,
} from '../../../../common/reports';
import type { Decision, QueueItem } from '../../../../server/modules/reports/reports.schemas';
import { DialogActions, FormAlert, secondaryButton } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { Pagination } from '../../../components/pagination';
import { api } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { useApiSubmit } from '../../../hooks/use-api-submit';
import { SelectField, TextAreaField } from '../../../components/form-controls';
import { QUEUE_TABS, type QueueTab, actionsFor } from '../queue-state';

type Report = Static<typeof QueueItem>;
type Appeal = Static<typeof Decision>;

const SUBJECT_ICONS = { product: Flag, chat_room: MessageSquare, user: User, contact: Mail, rating: Star } as const;

/** The reports inbox for staff with reports.handle: open, handled, and the appeals waiting for another staff member. */
export function ReportsQueue({
  tab,
  subject,
  reports,
  appeals,
  total,
  page,
  lastPage,
}: {
  tab: QueueTab;
  subject: ReportSubject | null;
  reports: Report[];
  appeals: Appeal[];
  total: number;
  page: number;
  lastPage: number;
}) {
  const { t } = useTranslation();
  const [resolving, setResolving] = useState<Report | null>(null);
  const [deciding, setDeciding] = useState<Appeal | null>(null);
  const query = (next: { tab?: QueueTab; subject?: ReportSubject | null }) => {
    const params = new URLSearchParams();
    const nextTab = next.tab ?? tab;
    const nextSubject = next.subject === undefined ? subject : next.subject;
    if (nextTab !== 'open') params.set('status', nextTab);
    if (nextSubject && nextTab !== 'appeals') params.set('subject', nextSubject);
    const text = params.toString();
    return text ? `?${text}` : '?';
  };
  const pill = (current: boolean) =>
    `inline-flex h-10 items-center gap-2 rounded-full border px-3.5 text-sm whitespace-nowrap ${
      current ? 'border-brand bg-brand font-semibold text-brand-ink' : 'border-line bg-raised hover:border-brand'
    }`;

  return (
    <section aria-labelledby="reports-title" className="py-2 sm:py-4">
      <h1 id="reports-title" className="text-2xl font-bold">
        {t('admin_reports.title')}
      </h1>
      <nav aria-label={t('admin_reports.tabs')} className="-mx-4 mt-4 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 sm:flex-wrap">
          {QUEUE_TABS.map((name) => (
            <li key={name} className="shrink-0">
              <Link to={query({ tab: name })} aria-current={name === tab ? 'page' : undefined} className={pill(name === tab)}>
                {t(`admin_reports.tab_${name}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab !== 'appeals' && (
        <nav aria-label={t('admin_reports.subjects')} className="-mx-4 mt-3 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <ul className="flex gap-2 text-sm sm:flex-wrap">
            {[null, ...REPORT_SUBJECTS].map((name) => (
              <li key={name ?? 'all'} className="shrink-0">
                <Link
                  to={query({ subject: name })}
                  aria-current={name === subject ? 'page' : undefined}
                  className={`inline-flex h-9 items-center rounded-lg px-3 ${name === subject ? 'bg-brand-soft font-semibold' : 'hover:bg-sunken'}`}
                >
                  {name ? t(`admin_reports.subject_${name}`) : t('admin_reports.subject_all')}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <h2 className="mt-5 text-lg font-semibold">{t(`admin_reports.count_${tab}`, { count: total })}</h2>
      {tab === 'appeals' ? (
        appeals.length === 0 ? (
          <Empty text={t('admin_reports.no_appeals')} />
        ) : (
          <ul className="mt-4 space-y-4">
            {appeals.map((appeal) => (
              <li key={appeal.id}>
                <AppealCard appeal={appeal} onDecide={() => setDeciding(appeal)} />
              </li>
            ))}
          </ul>
        )
      ) : reports.length === 0 ? (
        <Empty text={t(tab === 'open' ? 'admin_reports.none_open' : 'admin_reports.none_resolved')} />
      ) : (
        <ul className="mt-4 space-y-4">
          {reports.map((report) => (
            <li key={report.id}>
              <ReportCard report={report} onResolve={() => setResolving(report)} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} lastPage={lastPage} />
      {resolving && <ResolveDialog key={resolving.id} report={resolving} onClose={() => setResolving(null)} />}
      {deciding && <AppealDialog key={deciding.id} appeal={deciding} onClose={() => setDeciding(null)} />}
    </section>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="mt-4 rounded-2xl border border-dashed border-line p-8 text-center text-muted">{text}</p>;
}

function ReportCard({ report, onResolve }: { report: Report; onResolve: () => void }) {
  const { t, i18n } = useTranslation();
  const Icon = SUBJECT_ICONS[report.subject_type];
  const reason =
    report.subject_type === 'contact'
      ? t(`contact.topics.${report.reason}`)
      : t(`reports.ad_reasons.${report.reason}`, { defaultValue: t(`chat.report.reasons.${report.reason}`) });
  return (
    <article aria-labelledby={`report-${report.id}`} className="rounded-2xl border border-line bg-raised p-4 sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
            <Icon aria-hidden size={14} />
            {t(`admin_reports.subject_${report.subject_type}`)}
            {report.subject_type === 'chat_room' && ` #${report.subject_id}`}
            {report.subject_type === 'user' && ` #${report.subject_id}`}
          </p>
          <h3 id={`report-${report.id}`} className="mt-1 text-lg font-semibold">
            {reason}
          </h3>
        </div>
        <p className="text-sm text-muted">{formatDateTime(report.created_at, i18n.language)}</p>
      </header>
      {report.product && (
        <p className="mt-2">
          <Link to={report.product.url} target="_blank" className="inline-flex items-center gap-1 font-medium text-brand underline">
            {report.product.name}
            <ExternalLink aria-hidden size={14} />
          </Link>{' '}
          <span className="text-sm text-muted">· {t(`status.${report.product.status}`)}</span>
        </p>
      )}
      {report.rating && (
        <figure className="mt-3 rounded-xl border border-line p-3">
          <figcaption className="text-sm text-muted">
            {t('admin_reports.rating_by', {
              rater: report.rating.rater?.name ?? t('messenger.deleted_user'),
              rated: report.rating.rated.name,
              subject: report.rating.subject,
            })}
            {report.rating.hidden && ` · ${t('admin_reports.rating_hidden')}`}
          </figcaption>
          <p className="mt-1 font-semibold" aria-label={t('ratings.stars_label', { count: report.rating.stars })}>
            {'★'.repeat(report.rating.stars)}
            <span className="text-muted">{'☆'.repeat(5 - report.rating.stars)}</span>
          </p>
          {report.rating.text && <blockquote className="mt-1 whitespace-pre-line">{report.rating.text}</blockquote>}
          {report.rating.reply && (
            <p className="mt-2 border-l-4 border-line pl-3 text-sm whitespace-pre-line">
              <span className="font-semibold">{t('ratings.reply_heading')}:</span> {report.rating.reply}
            </p>
          )}
        </figure>
      )}
      {report.conversation && report.conversation.length > 0 && (
        <details className="mt-3 rounded-xl border border-line">
          <summary className="cursor-pointer px-3 py-2 text-sm font-semibold">
            {t('admin_reports.conversation', { count: report.conversation.length })}
          </summary>
          <ol className="space-y-2 px-3 pb-3">
            {report.conversation.map((message, index) => (
              <li
                key={index}
                className={`max-w-[85%] rounded-xl px-3 py-2 text-sm ${message.from === 'reporter' ? 'ms-auto bg-brand-soft' : 'bg-sunken'}`}
              >
                <p className="text-xs text-muted">
                  {message.from === 'deleted' ? t('messenger.deleted_user') : message.name}
                  {message.from === 'reporter' && ` · ${t('admin_reports.the_reporter')}`} ·{' '}
                  {formatDateTime(message.created_at, i18n.language)}
                </p>
                <p className="break-words whitespace-pre-line">{message.text}</p>
                {message.picture && <p className="text-xs text-muted italic">{t('admin_reports.picture')}</p>}
              </li>
            ))}
          </ol>
        </details>
      )}
      {report.details && <blockquote className="mt-3 border-l-4 border-line pl-3 whitespace-pre-line">{report.details}</blockquote>}
      <p className="mt-3 text-sm text-muted">
        {report.reporter
          ? t(report.reporter.id ? 'admin_reports.by_member' : 'admin_reports.by_visitor', {
              who: report.reporter.name ? `${report.reporter.name} (${report.reporter.email})` : report.reporter.email,
            })
          : t('admin_reports.by_unknown')}
        {report.status === 'open' && report.same_subject_open > 1 && (
          <span className="ms-2 rounded-full bg-warning/20 px-2 py-0.5 text-xs font-semibold text-ink">
            {t('admin_reports.same_subject', { count: report.same_subject_open })}
          </span>
        )}
      </p>
      {report.status === 'resolved' ? (
        <div className="mt-3 rounded-xl bg-sunken p-3 text-sm">
          <p className="font-semibold">
            {t(`admin_reports.action_${report.resolution ?? 'no_action'}`)}
            {report.resolved_at && <span className="font-normal text-muted"> · {formatDateTime(report.resolved_at, i18n.language)}</span>}
          </p>
          {report.resolution_note && <p className="mt-1 whitespace-pre-line">{report.resolution_note}</p>}
        </div>
      ) : (
        <div className="mt-4">
          <button type="button" className={secondaryButton} onClick={onResolve}>
            <Gavel aria-hidden size={18} />
            {t('admin_reports.resolve')}
          </button>
        </div>
      )}
    </article>
  );
}

function AppealCard({ appeal, onDecide }: { appeal: Appeal; onDecide: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <article aria-labelledby={`appeal-${appeal.id}`} className="rounded-2xl border border-line bg-raised p-4 sm:p-5">
      <h3 id={`appeal-${appeal.id}`} className="text-lg font-semibold">
        {appeal.product ? (
          <Link to={appeal.product.url} target="_blank" className="text-brand underline">
            {appeal.product.name}
          </Link>
        ) : (
          t(`admin_reports.action_${appeal.action}`)
        )}
      </h3>
      <p className="mt-1 text-sm text-muted">
        {t(`reports.rules.${appeal.rule}`)} · {formatDateTime(appeal.created_at, i18n.language)}
        {appeal.seller && ` · ${appeal.seller.name}`}
      </p>
      <h4 className="mt-3 text-sm font-semibold">{t('admin_reports.facts')}</h4>
      <p className="whitespace-pre-line">{appeal.facts}</p>
      <h4 className="mt-3 text-sm font-semibold">
        {t('admin_reports.appeal_text', { date: appeal.appealed_at ? formatDateTime(appeal.appealed_at, i18n.language) : '' })}
      </h4>
      <blockquote className="border-l-4 border-line pl-3 whitespace-pre-line">{appeal.appeal_text}</blockquote>
      <div className="mt-4">
        <button type="button" className={secondaryButton} onClick={onDecide}>
          <Gavel aria-hidden size={18} />
          {t('admin_reports.decide')}
        </button>
      </div>
    </article>
  );
}

/** What a staff dialog does once the server agreed: close, say so, and read the queue afresh. */
function useQueueAnswer() {
  const revalidator = useRevalidator();
  return (close: () => void, message: string) => {
    close();
    showToast({ icon: 'success', message });
    void revalidator.revalidate();
  };
}

/** Resolve: the action (those the report's kind allows), and for a restriction the rule and the facts. */
function ResolveDialog({ report, onClose }: { report: Report; onClose: () => void }) {
  const { t } = useTranslation();
  const done = useQueueAnswer();
  const actions = actionsFor(report.subject_type);
  const [action, setAction] = useState<ReportAction>('no_action');
  const { busy, errors, formMessage, submit: send } = useApiSubmit();
  const restricting = action !== 'no_action';

  function submit(form: HTMLFormElement, close: () => void) {
    const data = new FormData(form);
    const note = String(data.get('note') ?? '').trim();
    return send(
      () =>
        api.resolveReport(report.id, {
          action,
          ...(restricting ? { rule: String(data.get('rule')) as TermsRule } : {}),
          ...(note ? { note } : {}),
        }),
      (reply) => done(close, reply.message),
    );
  }

  return (
    <FormDialog title={t('admin_reports.resolve_title')} isOpen onOpenChange={(open) => !open && onClose()} wide>
      {(close) => (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(event.currentTarget, close);
          }}
        >
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('admin_reports.action')}</legend>
            <div className="space-y-2">
              {actions.map((name) => (
                <label key={name} className="flex items-start gap-3 rounded-lg border border-line p-3 has-[:checked]:border-brand">
                  <input
                    type="radio"
                    name="action"
                    value={name}
                    checked={action === name}
                    onChange={() => setAction(name)}
                    className="mt-1 h-4 w-4 accent-[var(--brand)]"
                  />
                  <span>
                    <span className="block font-medium">{t(`admin_reports.action_${name}`)}</span>
                    <span className="block text-sm text-muted">{t(`admin_reports.action_${name}_hint`)}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.action && <FormAlert tone="error">{errors.action.join(' ')}</FormAlert>}
          </fieldset>
          {restricting && (
            <SelectField
              label={t('admin_reports.rule')}
              name="rule"
              errors={errors.rule}
              options={TERMS_RULES.map((rule) => ({ value: rule, label: t(`reports.rules.${rule}`) }))}
            />
          )}
          <TextAreaField
            label={t(
              restricting ? 'admin_reports.facts' : report.subject_type === 'contact' ? 'admin_reports.answer' : 'admin_reports.note',
            )}
            name="note"
            rows={5}
            required={restricting}
            maxLength={DECISION_FACTS_MAX}
            {...(restricting ? {} : { optionalText: t('admin_reports.optional') })}
            hint={t(
              restricting
                ? 'admin_reports.facts_hint'
                : report.subject_type === 'contact'
                  ? 'admin_reports.answer_hint'
                  : 'admin_reports.note_hint',
              { min: DECISION_FACTS_MIN },
            )}
            errors={errors.note}
          />
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          <DialogActions close={close} busy={busy} label={t('admin_reports.resolve_submit')} variant={restricting ? 'danger' : 'primary'} />
        </form>
      )}
    </FormDialog>
  );
}

/** Decide an appeal: upheld or reversed, with the reasoning the seller will read. */
function AppealDialog({ appeal, onClose }: { appeal: Appeal; onClose: () => void }) {
  const { t } = useTranslation();
  const done = useQueueAnswer();
  const { busy, errors, formMessage, submit: send } = useApiSubmit();

  function submit(form: HTMLFormElement, close: () => void) {
    const data = new FormData(form);
    return send(
      () =>
        api.decideAppeal(appeal.id, {
          outcome: String(data.get('outcome')) as AppealOutcome,
          note: String(data.get('note') ?? '').trim(),
        }),
      (reply) => done(close, reply.message),
    );
  }

  return (
    <FormDialog title={t('admin_reports.decide_title')} isOpen onOpenChange={(open) => !open && onClose()} wide>
      {(close) => (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit(event.currentTarget, close);
          }}
        >
          <SelectField
            label={t('admin_reports.outcome')}
            name="outcome"
            errors={errors.outcome}
            options={APPEAL_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`admin_reports.outcome_${outcome}`) }))}
          />
          <TextAreaField
            label={t('admin_reports.reasoning')}
            name="note"
            rows={5}
            required
            maxLength={DECISION_FACTS_MAX}
            errors={errors.note}
          />
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          <DialogActions close={close} busy={busy} label={t('admin_reports.decide_submit')} />
        </form>
      )}
    </FormDialog>
  );
}
