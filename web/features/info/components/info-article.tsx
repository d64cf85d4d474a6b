import { useTranslation } from '../../../lib/use-translation';
import { formatDate } from '../../../lib/format';
import type { PublicInfoPageView } from '../../../../server/modules/pages/pages.schemas';

/**
 * An info page as readers see it: the title, when it last changed, and the stored text. The text is
 * sanitized by the server before it is stored (server/platform/rich-text.ts), never as typed.
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
      {/* Until the shared RichTextView lands: the same stored HTML with plain typography. */}
      <div
        className="mt-6 leading-relaxed [&_a]:text-brand [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-6 [&_h3]:font-semibold [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_ul]:list-disc [&_ul]:pl-6"
        dangerouslySetInnerHTML={{ __html: page.body }}
      />
    </article>
  );
}
