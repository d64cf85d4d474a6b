import { BadgeCheck, MailWarning } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { data, redirect } from 'react-router';
import { deleteAccountForm, requireCurrentUser } from '../features/account/account-forms.server';
import { DeleteAccountDialog } from '../features/account/components/delete-account-dialog';
import { SettingsCard } from '../components/form-controls';
import { LinkedAccounts } from '../features/account/components/linked-accounts';
import { SessionsList } from '../features/account/components/sessions-list';
import { IdentitySection } from '../features/identity/components/identity-section';
import { PrivacySection } from '../features/privacy/components/privacy-section';
import { IDENTITY_OUTCOMES } from '../../common/identity';
import { formatDate } from '../lib/format';
import { requestMeta, runAction } from '../lib/forms.server';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta } from '../lib/page.server';
import type { Route } from './+types/settings-account';

export async function loader({ context, request }: Route.LoaderArgs) {
  const current = requireCurrentUser(context, request);
  return {
    meta: pageMeta(context, 'settings_account', '/settings/account', { noindex: true }),
    email: current.user.email,
    emailVerifiedAt: current.user.emailVerifiedAt?.toISOString() ?? null,
    hasPassword: current.user.passwordHash !== null,
    sessions: await context.services.auth.listSessions(current),
    oauthAccounts: await context.services.oauth.listAccounts(current),
    // The linked-services block is noise on a site with no provider turned on and nothing linked.
    providersEnabled: Object.values(context.services.oauth.enabledLogins()).some(Boolean),
    // Strong identification (issue 25): its state, and the outcome the broker's round trip came back with.
    identity: await context.services.identity.status(current),
    // Download my data and the cookie choices on the account (issue 27).
    dataExport: await context.services.privacy.exportStatus(current),
    consents: await context.services.privacy.consents(current),
    identityOutcome: IDENTITY_OUTCOMES.find((outcome) => outcome === new URL(request.url).searchParams.get('identity')) ?? null,
  };
}

export const meta = pageMetaFromLoader;

export async function action({ context, request }: Route.ActionArgs) {
  const current = requireCurrentUser(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent'));
  switch (intent) {
    case 'end_other_sessions':
      return runAction(context, async () => {
        await context.services.auth.endOtherSessions(current, requestMeta(context, request));
        return { ok: true as const, message: context.t('auth.other_sessions_ended') };
      });
    case 'end_session': {
      const session = String(form.get('session') ?? '').slice(0, 16);
      return runAction(context, async () => {
        await context.services.auth.endSession(current, session);
        return { ok: true as const, message: context.t('auth.session_ended') };
      });
    }
    case 'delete_account': {
      const confirmation = deleteAccountForm(form);
      return runAction(context, async () => {
        await context.services.users.deleteAccount(current, current.user.id, confirmation.check(), requestMeta(context, request));
        return redirect('/', { headers: { 'Set-Cookie': context.sessionCookies.clearSession() } });
      });
    }
    default:
      throw data(null, { status: 400 });
  }
}

export default function SettingsAccount({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const verified = loaderData.emailVerifiedAt !== null;
  return (
    <div className="space-y-6">
      <SettingsCard title={t('account.email.heading')}>
        <p className="text-lg font-medium break-all">{loaderData.email}</p>
        {verified ? (
          <p className="mt-2 flex items-center gap-2 text-sm text-success">
            <BadgeCheck aria-hidden size={18} />
            {t('account.email.verified_on', { date: formatDate(loaderData.emailVerifiedAt!, i18n.language) })}
          </p>
        ) : (
          <div className="mt-2 text-sm">
            <p className="flex items-center gap-2 font-semibold text-warning">
              <MailWarning aria-hidden size={18} />
              {t('account.email.unverified')}
            </p>
            <p className="mt-1 text-muted">{t('account.email.unverified_hint')}</p>
          </div>
        )}
      </SettingsCard>

      <IdentitySection status={loaderData.identity} outcome={loaderData.identityOutcome} />

      <SettingsCard title={t('account.sessions.heading')} description={t('account.sessions.intro')}>
        <SessionsList sessions={loaderData.sessions} />
      </SettingsCard>

      {(loaderData.providersEnabled || loaderData.oauthAccounts.length > 0) && <LinkedAccounts accounts={loaderData.oauthAccounts} />}

      <PrivacySection initialExport={loaderData.dataExport} initialConsents={loaderData.consents} />

      <SettingsCard title={t('account.delete.heading')} description={t('account.delete.intro')} tone="danger">
        <DeleteAccountDialog hasPassword={loaderData.hasPassword} email={loaderData.email} />
      </SettingsCard>
    </div>
  );
}
