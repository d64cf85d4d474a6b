import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/forgot-password';

export const loader = comingSoonLoader('forgot_password', 'guest');
export const meta = pageMetaFromLoader;

export default function ForgotPassword({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
