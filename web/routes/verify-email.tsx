import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/verify-email';

export const loader = comingSoonLoader('verify_email', 'all');
export const meta = pageMetaFromLoader;

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
