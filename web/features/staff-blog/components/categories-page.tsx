import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { BLOG_LIMITS } from '../../../../common/blog';
import { LOCALES, type Locale, REQUIRED_NAME_LOCALES } from '../../../../common/locales';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DialogActions, FormAlert, TextField, secondaryButton } from '../../../components/form-controls';
import { FormDialog } from '../../../components/form-dialog';
import { refusalFor, useApiSubmit } from '../../../hooks/use-api-submit';
import { ApiError, api } from '../../../lib/api-client';
import { type DialogProps, openDialog } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { languageLabel } from '../../../lib/language-label';

export interface BlogCategoryItem {
  id: number;
  slug: string;
  name: string;
  name_fi: string;
  name_en: string;
  name_ru: string;
  name_sv: string;
  position: number;
  posts_count: number;
}

const CATEGORY_FIELDS = [...LOCALES.map((locale) => `name_${locale}`), 'slug'];

/** Create or rename a category: its name in each language and its address. */
function CategoryDialog({
  close,
  isOpen = true,
  category,
  onSaved,
}: DialogProps & { isOpen?: boolean; category: BlogCategoryItem | null; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  // A refusal about anything but these fields shows above them, never nowhere.
  const { busy, errors, formMessage, submit: send, fail } = useApiSubmit({ refusal: refusalFor(CATEGORY_FIELDS) });

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const names = Object.fromEntries(LOCALES.map((locale) => [`name_${locale}`, String(data.get(`name_${locale}`) ?? '')]));
    const body = { ...(names as Record<`name_${Locale}`, string>), slug: String(data.get('slug') ?? '') };
    const missing = REQUIRED_NAME_LOCALES.filter((locale) => !body[`name_${locale}`].trim());
    if (missing.length) {
      fail(Object.fromEntries(missing.map((locale) => [`name_${locale}`, [t('validation.required')]])));
      return;
    }
    await send(
      () => (category ? api.updateBlogCategory(category.id, body) : api.createBlogCategory(body)),
      (reply) => {
        showToast({ icon: 'success', message: reply.message });
        onSaved();
        close();
      },
    );
  }

  return (
    <FormDialog
      title={category ? t('admin_blog.categories.edit_title', { name: category.name }) : t('admin_blog.categories.new_title')}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
    >
      {(closeNow) => (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {formMessage && <FormAlert tone="error">{formMessage}</FormAlert>}
          {LOCALES.map((locale, index) => (
            <TextField
              key={locale}
              label={languageLabel(i18n, 'admin_blog.categories.name', locale)}
              name={`name_${locale}`}
              lang={locale}
              defaultValue={category?.[`name_${locale}`]}
              {...(REQUIRED_NAME_LOCALES.includes(locale) ? { required: true } : { optionalText: t('admin_blog.categories.optional') })}
              maxLength={BLOG_LIMITS.categoryName}
              errors={errors[`name_${locale}`]}
              autoFocus={index === 0}
            />
          ))}
          <TextField
            label={t('admin_blog.categories.slug')}
            name="slug"
            defaultValue={category?.slug}
            maxLength={BLOG_LIMITS.slug}
            hint={t('admin_blog.categories.slug_hint')}
            optionalText={category ? undefined : t('admin_blog.categories.optional')}
            errors={errors.slug}
            inputClassName="font-mono text-sm"
          />
          <DialogActions close={closeNow} busy={busy} label={t('admin_blog.categories.save')} />
        </form>
      )}
    </FormDialog>
  );
}

/** The blog's categories: create, rename, and delete one no post uses. */
export function CategoriesPage({ categories }: { categories: BlogCategoryItem[] }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const [deleting, setDeleting] = useState<BlogCategoryItem | null>(null);

  async function remove(category: BlogCategoryItem) {
    try {
      const reply = await api.deleteBlogCategory(category.id);
      showToast({ icon: 'success', message: reply.message });
      refresh();
    } catch (error) {
      const fields = error instanceof ApiError ? error.data?.errors?.category : undefined;
      showToast({ icon: 'error', message: fields?.[0] ?? (error as Error).message, timer: 5000 });
    }
  }

  return (
    <section aria-labelledby="blog-categories-title">
      <p className="mb-2 text-sm">
        <Link to="/admin/blog" className="text-brand hover:underline">
          {t('admin_blog.categories.back')}
        </Link>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="blog-categories-title" className="text-2xl font-bold">
          {t('admin_blog.categories.title')}
        </h1>
        <button
          aria-haspopup="dialog"
          type="button"
          className={`${secondaryButton}`}
          onClick={() => openDialog(CategoryDialog, { category: null, onSaved: refresh })}
        >
          <Plus aria-hidden size={18} />
          {t('admin_blog.categories.create')}
        </button>
      </div>
      {categories.length === 0 ? (
        <p className="mt-5 rounded-2xl border border-line bg-raised p-6 text-muted">{t('admin_blog.categories.empty')}</p>
      ) : (
        <ul className="mt-5 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-raised">
          {categories.map((category) => (
            <li key={category.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold">{category.name}</h2>
                <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-muted">
                  <code>{category.slug}</code>
                  {LOCALES.map((locale) =>
                    category[`name_${locale}`] ? (
                      <span key={locale} lang={locale}>
                        {category[`name_${locale}`]}
                      </span>
                    ) : null,
                  )}
                  <span>{t('admin_blog.categories.posts_count', { count: category.posts_count })}</span>
                </p>
              </div>
              <div className="flex gap-2">
                <button
                  aria-haspopup="dialog"
                  type="button"
                  className={`${secondaryButton} h-9 px-3 text-sm`}
                  onClick={() => openDialog(CategoryDialog, { category, onSaved: refresh })}
                  aria-label={t('admin_blog.categories.edit_named', { name: category.name })}
                >
                  <Pencil aria-hidden size={16} />
                  <span aria-hidden>{t('admin_blog.categories.edit')}</span>
                </button>
                <button
                  type="button"
                  className={`${secondaryButton} h-9 px-3 text-sm text-danger`}
                  disabled={category.posts_count > 0}
                  title={category.posts_count > 0 ? t('admin_blog.categories.in_use') : undefined}
                  onClick={() => setDeleting(category)}
                  aria-label={t('admin_blog.categories.delete_named', { name: category.name })}
                >
                  <Trash2 aria-hidden size={16} />
                  <span aria-hidden>{t('admin_blog.categories.delete')}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('admin_blog.categories.delete_title', { name: deleting.name })}
          body={t('admin_blog.categories.delete_body')}
          confirmLabel={t('admin_blog.categories.delete')}
          isOpen
          onOpenChange={(open) => !open && setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </section>
  );
}
