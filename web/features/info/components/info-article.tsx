import { useTranslation } from '../../../lib/use-translation';
import { RichTextView } from '../../../components/rich-text-view';
import { formatDate } from '../../../lib/format';
import type { PublicInfoPageView } from '../../../../server/modules/pages/pages.schemas';

/**
 * An info page as readers see it: the title, when it last changed, and the stored text (sanitized by
 * the server before it was stored, server/platform/rich-text.ts) in the site's article typography.
 */
export function InfoArticle({ page }: { page: PublicInfoPageView }) {
  const { t, i18n } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl" lang={page.locale}>
      <h1 className="text-3xl font-bold">{page.title}</h1>
      <p className="mt-2 text-sm text-muted">
        {t('info_pages.last_updated')} <time dateTime={page.updated_at}>{formatDate(page.updated_at, i18n.language)}</time>
      </p>
      {page.locale !== i18n.language && (
        <p className="mt-4 rounded-lg border border-line bg-sunken px-4 py-3 text-sm text-muted" lang={i18n.language}>
          {t('info_pages.not_translated')}
        </p>
      )}
      <RichTextView html={page.body} className="mt-6" />
    </article>
  );
}
