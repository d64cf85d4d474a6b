import type { FormEvent } from 'react';
import { LOCALES, type Locale, REQUIRED_NAME_LOCALES } from '../../../../common/locales';
import type { AdminCatalog } from '../../../../server/modules/catalog/catalog.schemas';
import { FormDialog } from '../../../components/form-dialog';
import { DialogActions, FormAlert, TextField } from '../../../components/form-controls';
import { useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { useTranslation } from '../../../lib/use-translation';
import { languageLabel } from '../../../lib/language-label';
import { nameIn } from '../category-tree-state';
import { splitRefusal } from '../refusal';

const FIELDS = [...LOCALES.map((locale) => `name_${locale}` as const), 'slug'] as const;

export interface CategoryFormProps {
  /** The catalog to edit; without it a new one is created under `parent` (null: at the top). */
  node?: AdminCatalog;
  parent?: AdminCatalog | null;
  onDone: (message: string) => void;
}

/** Creates a category or renames one: its name in each language and its address name (slug). */
export function CategoryFormDialog({
  node,
  parent = null,
  onDone,
  close,
  isOpen = true,
}: CategoryFormProps & DialogProps & { isOpen?: boolean }) {
  const { t, i18n } = useTranslation();
  const {
    busy,
    errors,
    formMessage: alert,
    submit: send,
  } = useApiSubmit({ refusal: (error) => splitRefusal(error, FIELDS, t('errors.unknown')) });
  const editing = node !== undefined;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (field: string) => String(form.get(field) ?? '');
    const names = Object.fromEntries(LOCALES.map((locale) => [`name_${locale}`, value(`name_${locale}`)])) as Record<
      `name_${Locale}`,
      string
    >;
    const slug = value('slug').trim();
    await send(
      () =>
        editing
          ? api.updateCatalog(node.id, { ...names, slug })
          : api.createCatalog({ ...names, parent_id: parent?.id ?? null, ...(slug ? { slug } : {}) }),
      (reply) => {
        close();
        onDone(reply.message);
      },
    );
  }

  const title = editing
    ? t('admin_categories.form.edit_title', { name: nameIn(node, i18n.language) })
    : t('admin_categories.form.create_title');
  return (
    <FormDialog title={title} isOpen={isOpen} onOpenChange={(open) => !open && close()} wide>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm text-muted">
          {editing
            ? t('admin_categories.form.address', { path: `/catalogs/${node.path.join('/')}` })
            : parent
              ? t('admin_categories.form.create_under', { parent: nameIn(parent, i18n.language) })
              : t('admin_categories.form.create_top')}
        </p>
        {LOCALES.map((locale, index) => (
          <TextField
            key={locale}
            label={languageLabel(i18n, 'admin_categories.form.name', locale)}
            name={`name_${locale}`}
            lang={locale}
            {...(REQUIRED_NAME_LOCALES.includes(locale) ? { required: true } : { optionalText: t('admin_categories.form.optional') })}
            autoFocus={index === 0}
            maxLength={60}
            defaultValue={node?.[`name_${locale}`]}
            errors={errors[`name_${locale}`]}
          />
        ))}
        <TextField
          label={t('admin_categories.form.slug')}
          name="slug"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={60}
          inputClassName="font-mono"
          {...(editing ? { required: true } : { optionalText: t('admin_categories.form.optional') })}
          defaultValue={node?.slug}
          hint={editing ? t('admin_categories.form.slug_hint_edit') : t('admin_categories.form.slug_hint_create')}
          errors={errors.slug}
        />
        {alert && <FormAlert tone="error">{alert}</FormAlert>}
        <DialogActions close={close} busy={busy} label={editing ? t('admin_categories.form.save') : t('admin_categories.form.create')} />
      </form>
    </FormDialog>
  );
}
