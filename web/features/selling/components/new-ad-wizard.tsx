import { CheckCircle2, Clock, Loader2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { Link } from 'react-router';
import { ApiError, api } from '../../../lib/api-client';
import { FormAlert, primaryButton, secondaryButton } from '../../../components/form-controls';
import type { CityOption } from '../../../components/city-combo-box';
import { AdKindBadge, AdPrice } from '../../../components/ad-price';
import { priceUnitOf } from '../../../../common/ad-rules';
import { AD_MAX_PICTURES } from '../../../../common/pictures';
import type { PublicAttribute } from '../../../../common/attributes';
import { pictureProblem } from '../../../lib/picture-check';
import {
  type AdDraft,
  type DraftErrors,
  type DraftPicture,
  EMPTY_DRAFT,
  STEPS,
  type Step,
  clearDraft,
  draftPriceEuros,
  loadDraft,
  loadPictures,
  saveDraft,
  savePictures,
  stepOfField,
  validateStep,
} from '../ad-draft';
import { checkInputs, previewAttributes, valuesFromInputs } from '../attribute-inputs';
import { isLocale } from '../../../../common/locales';
import { useCatalogAttributes } from '../use-catalog-attributes';
import { AttributeFields } from './attribute-fields';
import { DetailsFields, NameField, PlaceFields } from './ad-fields';
import { type CatalogNode, CatalogPicker, catalogLeaves } from './catalog-picker';
import { PhotoPicker } from './photo-picker';
import { useCatalogSuggestions } from '../use-catalog-suggestions';

interface Props {
  userId: number;
  cities: CityOption[];
  tree: CatalogNode[];
  /** The city of the seller's profile, the form's starting point; null when the profile has none. */
  defaultCityId?: number | null;
}

/** Object URLs for the pictures in the draft, revoked when they go. */
function usePictureUrls(pictures: DraftPicture[]) {
  const urls = useMemo(() => new Map(pictures.map((p) => [p.id, URL.createObjectURL(p.blob)])), [pictures]);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  return urls;
}

/** The answered category fields, as the ad page will list them. */
function AttributePreview({ fields, inputs }: { fields: PublicAttribute[]; inputs: AdDraft['attributes'] }) {
  const { t, i18n } = useTranslation();
  const shown = previewAttributes(fields, inputs, isLocale(i18n.language) ? i18n.language : 'fi', t);
  if (!shown.length) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 pt-2 text-sm">
      {shown.map((a) => (
        <div key={a.key} className="contents">
          <dt className="text-muted">{a.label}</dt>
          <dd className="font-medium break-words">{a.text}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The new-ad wizard (spec: name, city, description and price, photo, catalog, preview). Every step
 * checks its own fields with the server's rules before moving on; back and forth loses nothing,
 * and the draft (pictures too) survives a reload until the ad is sent.
 */
export function NewAdWizard({ userId, cities, tree, defaultCityId = null }: Props) {
  const { t, i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'fi';
  const empty: AdDraft = { ...EMPTY_DRAFT, cityId: defaultCityId };
  const [draft, setDraft] = useState<AdDraft>(empty);
  const [step, setStep] = useState<Step>('name');
  const [pictures, setPictures] = useState<DraftPicture[]>([]);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [restored, setRestored] = useState(false);
  const [created, setCreated] = useState<{ uuid: string; name: string; published: boolean } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const urls = usePictureUrls(pictures);
  const suggestions = useCatalogSuggestions(draft.name);
  const leaves = useMemo(() => catalogLeaves(tree), [tree]);
  const leafIds = useMemo(() => new Set(leaves.map((l) => l.id)), [leaves]);
  const { fields, loaded: fieldsLoaded } = useCatalogAttributes(
    draft.catalogId !== null && leafIds.has(draft.catalogId) ? draft.catalogId : null,
  );
  /** The step's own rules, and on the category step (and before publishing) the category's fields. */
  const problemsOf = (at: Step): DraftErrors => ({
    ...validateStep(at, draft, t, leafIds),
    ...(at === 'catalog' || at === 'preview' ? checkInputs(fields, draft.attributes, locale, t) : {}),
  });
  /** Focus goes to the first input with a problem once it is on screen (the step effect below does it). */
  const problemFocus = useRef(false);
  const [problemShown, setProblemShown] = useState(0);
  const focusFirstProblem = () => {
    problemFocus.current = true;
    setProblemShown((n) => n + 1);
  };

  // The draft comes back after a reload (it lives in this browser, so after the first render).
  useEffect(() => {
    void loadPictures(userId).then((saved) => {
      const stored = loadDraft(userId);
      if (stored) {
        setDraft({ ...stored.draft, cityId: stored.draft.cityId ?? defaultCityId });
        setStep(stored.step);
      }
      setPictures(saved);
      setRestored(true);
    });
    // Once, when the page opens: a later profile change does not rewrite a draft.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  useEffect(() => {
    if (restored && !created) saveDraft(userId, { draft, step });
  }, [userId, draft, step, restored, created]);

  // Focus follows the step, so screen readers hear where they are; after a problem it goes to the
  // first input marked invalid (else the category picker's choice, which marks no input). One effect
  // decides, after the render that shows the problems: two would race for the focus.
  useEffect(() => {
    if (problemFocus.current) {
      problemFocus.current = false;
      const target =
        document.querySelector<HTMLElement>('[aria-invalid="true"]') ?? document.querySelector<HTMLElement>('fieldset [aria-pressed]');
      if (target) return target.focus();
    }
    if (moved.current) heading.current?.focus();
  }, [step, created, problemShown]);

  const index = STEPS.indexOf(step);
  const change = (patch: Partial<AdDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key === 'cityId' ? 'city_id' : key === 'catalogId' ? 'catalog_id' : key];
      return next;
    });
  };
  const go = (next: Step) => {
    moved.current = true;
    setFormError(undefined);
    setStep(next);
  };
  const changeAttribute = (key: string, value: string | string[]) => {
    setDraft((d) => ({ ...d, attributes: { ...d.attributes, [key]: value } }));
    setErrors((e) => {
      const next = { ...e };
      delete next[`attributes.${key}`];
      delete next.attributes;
      return next;
    });
  };
  const updatePictures = (next: DraftPicture[]) => {
    setPictures(next);
    void savePictures(userId, next);
  };

  const next = () => {
    const found = problemsOf(step);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstProblem();
      return;
    }
    go(STEPS[index + 1]!);
  };

  const publish = async () => {
    const found = problemsOf('preview');
    if (Object.keys(found).length) {
      setErrors(found);
      go(STEPS.find((s) => Object.keys(found).some((field) => stepOfField(field) === s)) ?? 'name');
      focusFirstProblem();
      return;
    }
    const form = new FormData();
    form.append('name', draft.name);
    form.append('description', draft.description);
    form.append('kind', draft.kind);
    form.append('price', draft.kind === 'give' ? '0' : draft.price);
    form.append('city_id', String(draft.cityId));
    form.append('catalog_id', String(draft.catalogId));
    if (draft.address.trim()) form.append('address', draft.address);
    // Only the chosen category's fields: answers to another category's stay in the draft, unsent.
    form.append('attributes', JSON.stringify(valuesFromInputs(fields, draft.attributes, locale)));
    for (const picture of pictures) form.append('files', picture.blob, picture.name);
    setBusy(true);
    setFormError(undefined);
    try {
      const reply = await api.createProduct(form);
      clearDraft(userId);
      moved.current = true;
      setCreated({ uuid: reply.data.uuid, name: reply.data.name, published: reply.data.status === 'active' });
    } catch (error) {
      if (error instanceof ApiError && error.data?.errors) {
        const problems = error.data.errors as DraftErrors;
        setErrors(problems);
        go(STEPS.find((s) => Object.keys(problems).some((field) => stepOfField(field) === s)) ?? 'preview');
        setFormError(error.message);
        focusFirstProblem();
      } else {
        setFormError(error instanceof Error ? error.message : t('errors.unknown'));
      }
    } finally {
      setBusy(false);
    }
  };

  const startOver = () => {
    clearDraft(userId);
    setDraft(empty);
    setPictures([]);
    setErrors({});
    setCreated(null);
    go('name');
  };

  if (created) {
    return (
      <section className="mx-auto max-w-xl py-6 text-center" aria-labelledby="new-ad-done">
        <CheckCircle2 aria-hidden size={56} className="mx-auto text-success" />
        <h1 id="new-ad-done" ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold outline-none">
          {t(created.published ? 'new_ad.done.published_title' : 'new_ad.done.title')}
        </h1>
        <p className="mt-3 text-muted">
          {t(created.published ? 'new_ad.done.published_body' : 'new_ad.done.body', { name: created.name })}
        </p>
        {created.published ? (
          <p className="mt-4">
            <Link to={`/${created.uuid}`} className="font-semibold text-brand hover:underline">
              {t('new_ad.done.view')}
            </Link>
          </p>
        ) : (
          <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-warning/15 px-3 py-1 text-sm font-semibold">
            <Clock aria-hidden size={16} />
            {t('status.moderate')}
          </p>
        )}
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/my-showcase" className={primaryButton}>
            {t('new_ad.done.showcase')}
          </Link>
          <button type="button" className={secondaryButton} onClick={startOver}>
            {t('new_ad.done.another')}
          </button>
        </div>
      </section>
    );
  }

  const leaf = leaves.find((l) => l.id === draft.catalogId);
  const trail = leaf?.trail ?? [];
  const trailSlugs = leaf?.slugs ?? [];
  const city = cities.find((c) => c.id === draft.cityId);
  const price = draftPriceEuros(draft);

  return (
    <section className="mx-auto max-w-2xl py-2 sm:py-6" aria-labelledby="new-ad-step">
      <p className="text-sm font-semibold text-brand">{t('new_ad.title')}</p>
      <ol className="mt-3 mb-6 flex gap-1.5" aria-label={t('new_ad.progress')}>
        {STEPS.map((s, i) => (
          <li key={s} className="flex-1" aria-current={s === step ? 'step' : undefined}>
            <span className={`block h-1.5 rounded-full ${i <= index ? 'bg-brand' : 'bg-line'}`} />
            <span className="sr-only">
              {t('new_ad.step_of', { n: i + 1, total: STEPS.length })}: {t(`new_ad.steps.${s}`)}
            </span>
          </li>
        ))}
      </ol>
      <p className="text-sm text-muted">{t('new_ad.step_of', { n: index + 1, total: STEPS.length })}</p>
      <h1 id="new-ad-step" ref={heading} tabIndex={-1} className="mb-5 text-2xl font-bold outline-none">
        {t(`new_ad.steps.${step}`)}
      </h1>

      {formError && (
        <div className="mb-4">
          <FormAlert tone="error">{formError}</FormAlert>
        </div>
      )}

      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'preview') void publish();
          else next();
        }}
      >
        {step === 'name' && <NameField draft={draft} errors={errors} onChange={change} />}
        {step === 'city' && <PlaceFields draft={draft} errors={errors} cities={cities} onChange={change} />}
        {step === 'details' && <DetailsFields draft={draft} errors={errors} onChange={change} />}
        {step === 'photos' && (
          <PhotoPicker
            items={pictures.map((p) => ({ id: p.id, name: p.name, url: urls.get(p.id) ?? '' }))}
            max={AD_MAX_PICTURES}
            errors={errors.files}
            onAdd={(files) => {
              const problems: string[] = [];
              const room = AD_MAX_PICTURES - pictures.length;
              const accepted: DraftPicture[] = [];
              for (const file of files) {
                const problem = pictureProblem(file, t);
                if (problem) problems.push(`${file.name}: ${problem}`);
                else if (accepted.length >= room) problems.push(t('ads.too_many_pictures', { max: AD_MAX_PICTURES }));
                else accepted.push({ id: crypto.randomUUID(), name: file.name, type: file.type, blob: file });
              }
              setErrors((e) => ({ ...e, files: problems.length ? [...new Set(problems)] : undefined }));
              if (accepted.length) updatePictures([...pictures, ...accepted]);
            }}
            onRemove={(id) => updatePictures(pictures.filter((p) => p.id !== id))}
            onMove={(id, by) => {
              const from = pictures.findIndex((p) => p.id === id);
              const to = from + by;
              if (from < 0 || to < 0 || to >= pictures.length) return;
              const copy = [...pictures];
              [copy[from], copy[to]] = [copy[to]!, copy[from]!];
              updatePictures(copy);
            }}
          />
        )}
        {step === 'catalog' && (
          <div className="space-y-8">
            <CatalogPicker
              tree={tree}
              value={draft.catalogId}
              errors={errors.catalog_id}
              suggestions={suggestions}
              onChange={(catalogId) => change({ catalogId })}
            />
            <AttributeFields fields={fields} inputs={draft.attributes} errors={errors} onChange={changeAttribute} />
          </div>
        )}
        {step === 'preview' && (
          <article className="overflow-hidden rounded-2xl border border-line bg-raised" aria-label={t('new_ad.preview.label')}>
            {pictures.length > 0 ? (
              <div className="grid grid-cols-3 gap-1 bg-sunken">
                {pictures.map((p, i) => (
                  <img
                    key={p.id}
                    src={urls.get(p.id)}
                    alt={t('new_ad.photos.picture', { n: i + 1 })}
                    className={`${i === 0 ? 'col-span-3 aspect-[4/3]' : 'aspect-square'} w-full object-cover`}
                  />
                ))}
              </div>
            ) : (
              <p className="bg-sunken p-6 text-center text-sm text-muted">{t('new_ad.preview.no_pictures')}</p>
            )}
            <div className="space-y-2 p-5">
              <AdKindBadge kind={draft.kind} />
              <h2 className="text-xl font-bold break-words">{draft.name.trim()}</h2>
              <p>
                {price !== undefined && (
                  <AdPrice
                    ad={{ price, kind: draft.kind, price_unit: priceUnitOf(draft.kind, trailSlugs, Math.round(price * 100)) }}
                    className="text-2xl font-bold text-brand"
                  />
                )}
              </p>
              <p className="text-sm text-muted">{[draft.address.trim(), city?.name].filter(Boolean).join(', ')}</p>
              <p className="text-sm text-muted">{trail.join(' › ')}</p>
              <AttributePreview fields={fields} inputs={draft.attributes} />
              <p className="pt-2 break-words whitespace-pre-line">{draft.description.trim()}</p>
            </div>
            <p className="border-t border-line bg-sunken px-5 py-3 text-sm text-muted">{t('new_ad.preview.review_note')}</p>
          </article>
        )}

        <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
          <div className="flex gap-3">
            {index > 0 && (
              <button type="button" className={secondaryButton} onClick={() => go(STEPS[index - 1]!)} disabled={busy}>
                {t('new_ad.back')}
              </button>
            )}
            <button type="submit" className={primaryButton} disabled={busy || (step === 'preview' && (!restored || !fieldsLoaded))}>
              {busy && <Loader2 aria-hidden size={18} className="animate-spin" />}
              {step === 'preview' ? (busy ? t('new_ad.publishing') : t('new_ad.publish')) : t('new_ad.next')}
            </button>
          </div>
          <button
            type="button"
            className="text-sm font-semibold text-muted hover:text-ink hover:underline"
            onClick={startOver}
            disabled={busy}
          >
            {t('new_ad.start_over')}
          </button>
        </div>
      </form>
    </section>
  );
}
