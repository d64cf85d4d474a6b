import { Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { INFO_SLUGS } from '../../../../common/info-pages';
import { languageName, LOCALES } from '../../../../common/locales';
import type { InfoPageSummaryView } from '../../../../server/modules/pages/pages.schemas';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';

/** The seven info pages, each in the three languages: what the reader sees now, when and by whom it changed. */
export function InfoPagesList({ pages }: { pages: InfoPageSummaryView[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="grid gap-4 xl:grid-cols-2">
      {INFO_SLUGS.map((slug) => {
        const headingId = `info-page-${slug}`;
        return (
          <li key={slug}>
            <section aria-labelledby={headingId} className="h-full rounded-2xl border border-line bg-raised p-4 sm:p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 id={headingId} className="text-lg font-semibold">
                  {t(`footer.${slug}`)}
                </h2>
                <Link to={`/info/${slug}`} className="text-sm text-muted hover:text-ink hover:underline">
                  /info/{slug}
                </Link>
              </div>
              <ul className="mt-3 divide-y divide-line">
                {LOCALES.map((locale) => {
                  const page = pages.find((p) => p.slug === slug && p.locale === locale);
                  const language = languageName(locale);
                  return (
                    <li key={locale} className="flex items-center gap-3 py-2.5">
                      <span
                        className="w-10 shrink-0 rounded-md bg-sunken px-1.5 py-0.5 text-center text-xs font-semibold text-muted uppercase"
                        aria-hidden
                      >
                        {locale}
                      </span>
                      <div className="min-w-0 flex-1">
                        <p className={`truncate font-medium ${page?.title ? '' : 'text-muted italic'}`} lang={locale}>
                          <span className="sr-only" lang={i18n.language}>
                            {language}:{' '}
                          </span>
                          {page?.title ?? t('admin_pages.not_written')}
                        </p>
                        {page?.updated_at && (
                          <p className="text-sm text-muted">
                            {page.updated_by
                              ? t('admin_pages.changed_by', {
                                  date: formatDateTime(page.updated_at, i18n.language),
                                  name: page.updated_by.name,
                                })
                              : t('admin_pages.changed_initial', { date: formatDateTime(page.updated_at, i18n.language) })}
                          </p>
                        )}
                      </div>
                      <Link
                        to={`/admin/pages/${slug}/${locale}`}
                        className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg border border-line px-3 text-sm font-semibold hover:bg-sunken"
                        aria-label={t('admin_pages.edit_label', { page: t(`footer.${slug}`), language })}
                      >
                        <Pencil aria-hidden size={16} />
                        <span className="hidden sm:inline">{page ? t('admin_pages.edit') : t('admin_pages.write')}</span>
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </section>
          </li>
        );
      })}
    </ul>
  );
}
