import { AlertTriangle, ExternalLink, Loader2, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link, useNavigate } from 'react-router';
import type { EditableAd } from '../../../../server/modules/ads/ads.schemas';
import { ApiError, api } from '../../../lib/api-client';
import { showToast } from '../../../lib/toasts';
import type { CityOption } from '../../../components/city-combo-box';
import { FormAlert, dangerButton, primaryButton } from '../../../components/form-controls';
import { AD_MAX_PICTURES } from '../../../../common/pictures';
import { pictureProblem } from '../../../lib/picture-check';
import { type AdDraft, type DraftErrors, validateStep } from '../ad-draft';
import { DetailsFields, NameField, PlaceFields } from './ad-fields';
import { type CatalogNode, CatalogPicker, catalogLeaves } from './catalog-picker';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PhotoPicker } from './photo-picker';
import { AttributeFields } from './attribute-fields';
import { checkInputs, inputsFromValues, valuesFromInputs } from '../attribute-inputs';
import { useCatalogAttributes } from '../use-catalog-attributes';
import { isLocale } from '../../../../common/locales';

/** The price as the seller would type it: "450", "12,50". */
function priceText(euros: number, locale: string): string {
  return Number.isInteger(euros) ? String(euros) : euros.toFixed(2).replace('.', locale === 'en' ? '.' : ',');
}

const FIELD_NAMES: Record<Exclude<keyof AdDraft, 'attributes'>, string> = {
  name: 'name',
  cityId: 'city_id',
  address: 'address',
  description: 'description',
  price: 'price',
  catalogId: 'catalog_id',
  kind: 'kind',
};

/**
 * Editing one's own ad: the same fields as the wizard in one form, saved with only what changed;
 * pictures are added, removed and reordered at once. A new title, description, category or
 * pictures send a published ad back to the moderator, a new price does not.
 */
export function EditAdForm({ ad: initial, cities, tree }: { ad: EditableAd; cities: CityOption[]; tree: CatalogNode[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [ad, setAd] = useState(initial);
  const saved = useMemo<AdDraft>(
    () => ({
      name: ad.name,
      cityId: ad.city.id,
      address: ad.address ?? '',
      description: ad.description,
      price: priceText(ad.price, i18n.language),
      catalogId: ad.catalog.id,
      kind: ad.kind,
      attributes: {},
    }),
    [ad, i18n.language],
  );
  const [draft, setDraft] = useState<AdDraft>(saved);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [picturesBusy, setPicturesBusy] = useState(false);
  const [confirm, setConfirm] = useState<{ kind: 'picture'; uuid: string } | { kind: 'ad' } | null>(null);
  const leafIds = useMemo(() => new Set(catalogLeaves(tree).map((l) => l.id)), [tree]);
  const { fields, loaded: fieldsLoaded } = useCatalogAttributes(
    draft.catalogId !== null && leafIds.has(draft.catalogId) ? draft.catalogId : null,
  );
  const locale = isLocale(i18n.language) ? i18n.language : 'fi';

  // The stored values fill the inputs once the category's fields are known (a number's separators depend on them).
  useEffect(() => {
    const stored = inputsFromValues(fields, ad.attribute_values, locale);
    setDraft((d) => ({ ...d, attributes: { ...stored, ...d.attributes } }));
    // The inputs are filled once per set of fields: a later language change does not rewrite them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fields, ad.attribute_values]);

  /** The category fields to send: only when they differ from the stored ones (or the category changed). */
  const changedValues = () => {
    // Until the category's fields are known, the values stay as they are.
    if (!fieldsLoaded) return undefined;
    const values = valuesFromInputs(fields, draft.attributes, locale);
    const stored = Object.fromEntries(fields.filter((f) => f.key in ad.attribute_values).map((f) => [f.key, ad.attribute_values[f.key]]));
    return JSON.stringify(values) !== JSON.stringify(stored) || draft.catalogId !== saved.catalogId ? values : undefined;
  };
  const changeAttribute = (key: string, value: string | string[]) => {
    setDraft((d) => ({ ...d, attributes: { ...d.attributes, [key]: value } }));
    setErrors((e) => ({ ...e, [`attributes.${key}`]: undefined, attributes: undefined }));
  };
  const focusFirstProblem = () => requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const change = (patch: Partial<AdDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as (keyof typeof FIELD_NAMES)[]) delete next[FIELD_NAMES[key]];
      return next;
    });
  };

  const save = async () => {
    const found = { ...validateStep('preview', draft, t, leafIds), ...checkInputs(fields, draft.attributes, locale, t) };
    setErrors(found);
    if (Object.keys(found).length) return focusFirstProblem();
    const changed: Parameters<typeof api.updateProduct>[1] = {};
    const values = changedValues();
    if (values) changed.attributes = JSON.stringify(values);
    for (const key of Object.keys(FIELD_NAMES) as (keyof typeof FIELD_NAMES)[]) {
      // A give-away's price is the server's to set (0).
      if (key === 'price' && draft.kind === 'give') continue;
      if (draft[key] !== saved[key]) (changed as Record<string, string>)[FIELD_NAMES[key]] = String(draft[key] ?? '');
    }
    if (!Object.keys(changed).length) {
      showToast({ icon: 'info', message: t('edit_ad.nothing_changed') });
      return;
    }
    setBusy(true);
    setFormError(undefined);
    try {
      const reply = await api.updateProduct(ad.uuid, changed);
      setAd({ ...ad, ...reply.data, images: ad.images });
      showToast({ icon: 'success', message: reply.message });
    } catch (error) {
      if (error instanceof ApiError && error.data?.errors) {
        setErrors(error.data.errors as DraftErrors);
        focusFirstProblem();
      }
      setFormError(error instanceof Error ? error.message : t('errors.unknown'));
    } finally {
      setBusy(false);
    }
  };

  const pictureCall = async (call: () => Promise<unknown>) => {
    setPicturesBusy(true);
    try {
      await call();
      const fresh = await api.editableProduct(ad.uuid);
      setAd(fresh.data);
    } catch (error) {
      if (error instanceof ApiError && error.data?.errors?.files) setErrors((e) => ({ ...e, files: error.data!.errors!.files }));
    } finally {
      setPicturesBusy(false);
    }
  };

  const rejected = ad.status === 'canceled' && ad.rejection_reason;

  return (
    <section className="mx-auto max-w-2xl py-2 sm:py-6" aria-labelledby="edit-ad-title">
      <p className="text-sm">
        <Link to="/my-showcase" className="font-semibold text-brand hover:underline">
          ← {t('edit_ad.back')}
        </Link>
      </p>
      <h1 id="edit-ad-title" className="mt-2 text-2xl font-bold break-words">
        {t('edit_ad.title')}
      </h1>
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded border border-line bg-sunken px-2 py-0.5 font-semibold">{t(`status.${ad.status}`)}</span>
        {['active', 'sold', 'reserved'].includes(ad.status) && (
          <Link to={`/${ad.uuid}`} className="inline-flex items-center gap-1 font-semibold text-brand hover:underline">
            {t('edit_ad.view')}
            <ExternalLink aria-hidden size={14} />
          </Link>
        )}
      </p>

      {rejected && (
        <div className="mt-4">
          <FormAlert tone="error">
            <p className="font-semibold">{t('edit_ad.rejected')}</p>
            <p className="mt-1 whitespace-pre-line">{ad.rejection_reason}</p>
            <p className="mt-2">{t('edit_ad.rejected_next')}</p>
          </FormAlert>
        </div>
      )}
      {ad.status === 'active' && (
        <p className="mt-4 flex items-start gap-2 rounded-lg bg-sunken p-3 text-sm text-muted">
          <AlertTriangle aria-hidden size={18} className="mt-0.5 shrink-0 text-warning" />
          {t('edit_ad.review_note')}
        </p>
      )}

      <form
        noValidate
        className="mt-6 space-y-8"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {formError && <FormAlert tone="error">{formError}</FormAlert>}
        <NameField draft={draft} errors={errors} onChange={change} />
        <PlaceFields draft={draft} errors={errors} cities={cities} onChange={change} />
        <DetailsFields draft={draft} errors={errors} onChange={change} />
        <CatalogPicker tree={tree} value={draft.catalogId} errors={errors.catalog_id} onChange={(catalogId) => change({ catalogId })} />
        <AttributeFields fields={fields} inputs={draft.attributes} errors={errors} onChange={changeAttribute} />
        <button type="submit" className={`${primaryButton} w-full sm:w-auto`} disabled={busy}>
          {busy && <Loader2 aria-hidden size={18} className="animate-spin" />}
          {busy ? t('edit_ad.saving') : t('edit_ad.save')}
        </button>
      </form>

      <section className="mt-10" aria-labelledby="edit-ad-pictures">
        <h2 id="edit-ad-pictures" className="mb-3 text-lg font-semibold">
          {t('new_ad.steps.photos')}
        </h2>
        <PhotoPicker
          items={ad.images.map((image) => ({ id: image.uuid, url: image.thumb, name: image.uuid }))}
          max={AD_MAX_PICTURES}
          busy={picturesBusy}
          errors={errors.files}
          onAdd={(files) => {
            const problems = files.map((file) => pictureProblem(file, t)).filter(Boolean) as string[];
            if (problems.length) return setErrors((e) => ({ ...e, files: [...new Set(problems)] }));
            if (ad.images.length + files.length > AD_MAX_PICTURES) {
              return setErrors((e) => ({ ...e, files: [t('ads.too_many_pictures', { max: AD_MAX_PICTURES })] }));
            }
            setErrors((e) => ({ ...e, files: undefined }));
            const form = new FormData();
            form.append('productUuid', ad.uuid);
            for (const file of files) form.append('files', file, file.name);
            void pictureCall(async () => showToast({ icon: 'success', message: (await api.addProductImages(form)).message }));
          }}
          onRemove={(uuid) => setConfirm({ kind: 'picture', uuid })}
          onMove={(uuid, by) => {
            const order = ad.images.map((i) => i.uuid);
            const from = order.indexOf(uuid);
            const to = from + by;
            if (from < 0 || to < 0 || to >= order.length) return;
            [order[from], order[to]] = [order[to]!, order[from]!];
            void pictureCall(() => api.reorderProductImages(ad.uuid, order));
          }}
        />
      </section>

      <section className="mt-10 rounded-2xl border border-danger/50 p-5" aria-labelledby="edit-ad-delete">
        <h2 id="edit-ad-delete" className="text-lg font-semibold text-danger">
          {t('edit_ad.delete_title')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('edit_ad.delete_body')}</p>
        <button type="button" className={`${dangerButton} mt-4`} onClick={() => setConfirm({ kind: 'ad' })}>
          <Trash2 aria-hidden size={18} />
          {t('edit_ad.delete')}
        </button>
      </section>

      <ConfirmDialog
        isOpen={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'ad' ? t('edit_ad.delete_confirm_title') : t('edit_ad.picture_confirm_title')}
        body={confirm?.kind === 'ad' ? t('edit_ad.delete_confirm_body', { name: ad.name }) : t('edit_ad.picture_confirm_body')}
        confirmLabel={t('edit_ad.delete')}
        onConfirm={() => {
          const what = confirm;
          if (what?.kind === 'picture') {
            void pictureCall(async () =>
              showToast({ icon: 'success', message: (await api.deleteProductImage(ad.uuid, what.uuid)).message }),
            );
          } else if (what?.kind === 'ad') {
            void api.deleteProduct(ad.uuid).then((reply) => {
              showToast({ icon: 'success', message: reply.message });
              void navigate('/my-showcase');
            });
          }
        }}
      />
    </section>
  );
}
