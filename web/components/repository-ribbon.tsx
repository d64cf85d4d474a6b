import { useTranslation } from 'react-i18next';

/** The corner ribbon to the source code, on the front, about and terms pages. */
export function RepositoryRibbon({ href }: { href: string }) {
  const { t } = useTranslation();
  const external = /^https?:\/\//.test(href);
  return (
    <div className="pointer-events-none absolute right-0 top-14 z-20 h-28 w-28 overflow-hidden">
      <a
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="pointer-events-auto absolute right-[-42px] top-[22px] block w-44 rotate-45 bg-brand py-1.5 text-center text-xs font-semibold text-brand-ink shadow-md hover:brightness-110"
      >
        {t('ribbon.label')}
      </a>
    </div>
  );
}
