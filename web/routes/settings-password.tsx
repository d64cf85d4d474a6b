import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/settings-password';

export const loader = comingSoonLoader('settings_password', 'login');
export const meta = pageMetaFromLoader;

export default function SettingsPassword({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
