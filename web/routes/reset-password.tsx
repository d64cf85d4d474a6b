import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/reset-password';

export const loader = comingSoonLoader('reset_password', 'guest');
export const meta = pageMetaFromLoader;

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
