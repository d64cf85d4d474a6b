import { useTranslation } from '../lib/use-translation';

/**
 * The corner ribbon to the source code, on the front, about and terms pages. It sits in the
 * bottom-right corner of the window on larger screens; on phones it would cover the content.
 */
export function RepositoryRibbon({ href }: { href: string }) {
  const { t } = useTranslation();
  const external = /^https?:\/\//.test(href);
  return (
    <aside
      aria-label={t('ribbon.label')}
      className="pointer-events-none fixed right-0 bottom-0 z-20 hidden h-28 w-28 overflow-hidden sm:block"
    >
      <a
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="pointer-events-auto absolute right-[-42px] bottom-[24px] block w-44 -rotate-45 bg-accent py-1.5 text-center text-xs font-semibold text-black shadow-md hover:brightness-110"
      >
        {t('ribbon.label')}
      </a>
    </aside>
  );
}
