import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/mfa-confirm';

export const loader = comingSoonLoader('mfa_confirm', 'guest');
export const meta = pageMetaFromLoader;

export default function MfaConfirm({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
