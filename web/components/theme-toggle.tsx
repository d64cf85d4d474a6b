import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../hooks/use-theme';
import type { Theme } from '../lib/preferences';

export function ThemeToggle({ serverTheme, className }: { serverTheme: Theme | undefined; className: string }) {
  const { t } = useTranslation();
  const { theme, toggle } = useTheme(serverTheme);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={className}
      onClick={toggle}
      aria-label={t(dark ? 'nav.theme_light' : 'nav.theme_dark')}
      aria-pressed={dark}
    >
      {dark ? <Sun aria-hidden size={20} /> : <Moon aria-hidden size={20} />}
    </button>
  );
}
