import { Moon, Sun } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { useTheme } from '../hooks/use-theme';
import { api } from '../lib/api-client';
import type { Theme } from '../lib/preferences';
import { ERROR_TOAST_MS, showToast } from '../lib/toasts';

/** How long "Theme saved." stays (spec section 9: 2 s for the theme's success toast). */
export const THEME_SAVED_TOAST_MS = 2000;

/**
 * Light or dark. Visitors keep the choice on the device; a signed-in person's choice is also
 * saved to their account (spec: the dark theme follows the user's setting), with a toast either way.
 */
export function ThemeToggle({
  serverTheme,
  signedIn = false,
  className,
}: {
  serverTheme: Theme | undefined;
  signedIn?: boolean;
  className: string;
}) {
  const { t } = useTranslation();
  const { theme, setTheme } = useTheme(serverTheme);
  const dark = theme === 'dark';

  async function toggle() {
    const next: Theme = dark ? 'light' : 'dark';
    setTheme(next);
    if (!signedIn) return;
    try {
      await api.saveTheme(next === 'dark');
      showToast({ icon: 'success', message: t('theme.saved'), timer: THEME_SAVED_TOAST_MS });
    } catch {
      showToast({ icon: 'error', message: t('theme.save_failed'), timer: ERROR_TOAST_MS });
    }
  }

  return (
    <button
      type="button"
      className={className}
      onClick={() => void toggle()}
      aria-label={t(dark ? 'nav.theme_light' : 'nav.theme_dark')}
      aria-pressed={dark}
    >
      {dark ? <Sun aria-hidden size={20} /> : <Moon aria-hidden size={20} />}
    </button>
  );
}
