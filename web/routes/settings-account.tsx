import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/settings-account';

export const loader = comingSoonLoader('settings_account', 'login');
export const meta = pageMetaFromLoader;

export default function SettingsAccount({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
