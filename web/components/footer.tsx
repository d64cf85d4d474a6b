import { useTranslation } from '../lib/use-translation';
import { Link } from 'react-router';
import { INFO_SLUGS } from '../../common/info-pages';

/** The info pages the footer links to (spec section 2). */
export const FOOTER_INFO_SLUGS = INFO_SLUGS;

/** The site's footer; the support address comes from the app settings (none: not shown). */
export function Footer({ siteName, supportEmail = null }: { siteName: string; supportEmail?: string | null }) {
  const { t } = useTranslation();
  const linkClass = 'text-muted hover:text-ink hover:underline';
  return (
    <footer className="mt-12 border-t border-line bg-raised">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 sm:grid-cols-3 sm:px-6">
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info" className="mb-3 text-sm font-semibold">
            {t('footer.info')}
          </h2>
          <ul className="space-y-2 text-sm">
            {FOOTER_INFO_SLUGS.map((slug) => (
              <li key={slug}>
                <Link to={`/info/${slug}`} className={linkClass}>
                  {t(`footer.${slug}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="mb-3 text-sm font-semibold">
            {t('footer.help')}
          </h2>
          <ul className="space-y-2 text-sm">
            <li>
              <Link to="/contact?topic=support" className={linkClass}>
                {t('footer.customer_support')}
              </Link>
            </li>
            {supportEmail && (
              <li>
                <a href={`mailto:${supportEmail}`} className={linkClass}>
                  {t('footer.support_email', { email: supportEmail })}
                </a>
              </li>
            )}
            <li>
              <Link to="/contact?topic=problem" className={linkClass}>
                {t('footer.report_problem')}
              </Link>
            </li>
            <li>
              <Link to="/about" className={linkClass}>
                {t('footer.about', { site: siteName })}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                {t('footer.terms')}
              </Link>
            </li>
          </ul>
        </nav>
        <p className="text-sm text-muted sm:text-right">{t('footer.copyright', { year: new Date().getFullYear(), site: siteName })}</p>
      </div>
    </footer>
  );
}
