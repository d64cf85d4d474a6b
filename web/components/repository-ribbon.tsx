import { useTranslation } from 'react-i18next';

/** The corner ribbon to the source code, on the front, about and terms pages. */
export function RepositoryRibbon({ href }: { href: string }) {
  const { t } = useTranslation();
  const external = /^https?:\/\//.test(href);
  return (
    <div className="pointer-events-none absolute top-14 right-0 z-20 h-16 w-16 overflow-hidden sm:h-28 sm:w-28">
      <a
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="pointer-events-auto absolute top-[10px] right-[-34px] block w-28 rotate-45 bg-brand py-0.5 text-center text-[10px] font-semibold text-brand-ink shadow-md hover:brightness-110 sm:top-[22px] sm:right-[-42px] sm:w-44 sm:py-1.5 sm:text-xs"
      >
        {t('ribbon.label')}
      </a>
    </div>
  );
}
