import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form-controls';
import { RichTextView } from '../../../components/rich-text-view';
import { api } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/use-translation';
import type { PostForm } from '../post-form';

/**
 * The post as readers will see it. The text goes through the server's sanitizer first, so the
 * preview never runs anything the published page would not.
 */
export function PostPreview({ form, categoryName }: { form: PostForm; categoryName: string | null }) {
  const { t } = useTranslation();
  // The answer is kept with the text it was for: a newer text shows the spinner until its answer comes.
  const [result, setResult] = useState<{ body: string; html: string } | { body: string; failure: string } | null>(null);

  useEffect(() => {
    let current = true;
    const body = form.bodyHtml;
    api
      .previewBlogBody(body)
      .then((reply) => current && setResult({ body, html: reply.body_html }))
      .catch((error: Error) => current && setResult({ body, failure: error.message }));
    return () => {
      current = false;
    };
  }, [form.bodyHtml]);

  const answer = result?.body === form.bodyHtml ? result : null;
  const html = answer && 'html' in answer ? answer.html : null;
  const failure = answer && 'failure' in answer ? answer.failure : undefined;

  return (
    <article
      lang={form.language}
      aria-label={t('admin_blog.editor.preview')}
      className="mx-auto max-w-3xl rounded-2xl border border-dashed border-line p-5 sm:p-8"
    >
      <p className="mb-4 text-xs font-semibold tracking-wide text-muted uppercase">{t('admin_blog.editor.preview_note')}</p>
      <header className="mb-6 space-y-3">
        {categoryName && <p className="text-sm font-medium text-muted">{categoryName}</p>}
        <h1 className="text-3xl leading-tight font-bold">{form.title || t('admin_blog.editor.untitled')}</h1>
        {form.excerpt && <p className="text-lg text-muted">{form.excerpt}</p>}
      </header>
      {form.cover && (
        <img src={form.cover.url} alt={form.coverAlt} className="mb-8 aspect-[16/9] w-full rounded-xl bg-sunken object-cover" />
      )}
      {failure && <FormAlert tone="error">{failure}</FormAlert>}
      {html === null && !failure ? (
        <Loader2 aria-label={t('admin_blog.editor.loading_preview')} className="animate-spin text-muted" />
      ) : (
        // Sanitized by the server (POST /admin/blog/preview) just now.
        <RichTextView html={html ?? ''} />
      )}
    </article>
  );
}
