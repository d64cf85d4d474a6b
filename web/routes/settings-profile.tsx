import { ComingSoon } from '../components/coming-soon';
import { pageMetaFromLoader } from '../lib/meta';
import { comingSoonLoader } from '../lib/page.server';
import type { Route } from './+types/settings-profile';

export const loader = comingSoonLoader('settings_profile', 'login');
export const meta = pageMetaFromLoader;

export default function SettingsProfile({ loaderData }: Route.ComponentProps) {
  return <ComingSoon titleKey={loaderData.titleKey} />;
}
