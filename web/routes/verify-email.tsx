import { CheckCircle2, Clock, ShieldX } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { Link, data, redirect } from 'react-router';
import { AppError } from '../../common/errors';
import { AuthCard, primaryButton } from '../components/form-controls';
import { pageMetaFromLoader } from '../lib/meta';
import { pageMeta } from '../lib/page.server';
import type { Route } from './+types/verify-email';

type Outcome = 'verified' | 'expired' | 'invalid';

/**
 * The link from the verification mail. Opening it verifies (the signature, not the session,
 * proves the right to): the same check as POST /api/verify-email, run in-process.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = Number(params.id);
  const expires = Number(url.searchParams.get('expires'));
  const signature = url.searchParams.get('signature') ?? '';
  let outcome: Outcome = 'invalid';
  if (
    Number.isSafeInteger(id) &&
    id > 0 &&
    /^[0-9a-f]{40}$/.test(params.hash) &&
    Number.isSafeInteger(expires) &&
    /^[0-9a-f]{64}$/.test(signature)
  ) {
    try {
      await context.services.auth.verifyEmail({ id, hash: params.hash, expires, signature });
      outcome = 'verified';
    } catch (error) {
      if (!AppError.is(error)) throw error;
      outcome = error.code === 'validation_failed' ? 'expired' : 'invalid';
    }
  }
  // The shell was about to show "not verified" for this very person: load the page once more,
  // now with the fresh account (verifying again is a no-op), so the banner is gone.
  if (outcome === 'verified' && context.user?.id === id && !context.user.user.emailVerifiedAt) throw redirect(url.pathname + url.search);
  return data(
    { meta: pageMeta(context, 'verify_email', '/verify-email', { noindex: true }), outcome, signedIn: !!context.user },
    { status: outcome === 'verified' ? 200 : outcome === 'expired' ? 410 : 403 },
  );
}

export const meta = pageMetaFromLoader;

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { outcome, signedIn } = loaderData;
  const Icon = outcome === 'verified' ? CheckCircle2 : outcome === 'expired' ? Clock : ShieldX;
  return (
    <AuthCard title={t(`account.verify.${outcome}_heading`)}>
      <div className="space-y-4 text-center" role={outcome === 'verified' ? 'status' : 'alert'}>
        <Icon aria-hidden size={48} className={`mx-auto ${outcome === 'verified' ? 'text-success' : 'text-danger'}`} />
        <p className="text-lg">
          {t(outcome === 'verified' ? 'auth.email_verified' : outcome === 'expired' ? 'auth.link_expired' : 'errors.forbidden')}
        </p>
        {outcome !== 'verified' && (
          <p className="text-sm text-muted">
            {t(
              outcome === 'expired'
                ? signedIn
                  ? 'account.verify.expired_hint'
                  : 'account.verify.expired_hint_login'
                : 'account.verify.invalid_hint',
            )}
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-col gap-2">
        {outcome !== 'verified' && !signedIn ? (
          <Link to="/login" className={primaryButton}>
            {t('account.verify.login')}
          </Link>
        ) : (
          <Link to="/" className={primaryButton}>
            {t('account.verify.home')}
          </Link>
        )}
      </div>
    </AuthCard>
  );
}
