import { Globe } from 'lucide-react';
import { useTranslation } from '../lib/use-translation';
import { useLanguage } from '../hooks/use-language';
import { isLocale, languageName, LOCALES } from '../../common/locales';

/**
 * A native select: on phones it opens the system picker, it works with every screen reader,
 * and it costs no JavaScript beyond this component.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const { locale, change } = useLanguage();
  return (
    <label className="relative inline-flex h-10 items-center rounded-full text-sm font-medium text-ink focus-within:outline-3 focus-within:outline-focus hover:bg-sunken">
      <span className="sr-only">{t('nav.language')}</span>
      <Globe aria-hidden size={18} className="pointer-events-none absolute left-3" />
      <select
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) void change(event.target.value);
        }}
        // On a phone the globe alone (the bar needs the room); the system picker still lists the names.
        className="h-10 w-10 cursor-pointer appearance-none rounded-full bg-transparent pl-9 text-transparent outline-none sm:w-auto sm:pr-3 sm:text-ink"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code} className="bg-raised text-ink">
            {languageName(code)}
          </option>
        ))}
      </select>
    </label>
  );
}
