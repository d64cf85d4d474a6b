import {
  AD_ADDRESS_MAX,
  AD_DESCRIPTION_MAX,
  AD_DESCRIPTION_MIN,
  AD_NAME_MAX,
  AD_NAME_MIN,
  type AdKind,
  DEFAULT_AD_KIND,
  type FieldProblem,
  isAdKind,
  lengthProblem,
  parsePriceCents,
  priceProblem,
} from '../../../common/ad-rules';
import type { AttributeInputs } from './attribute-inputs';

/** What the seller has typed so far; kept as text, exactly as typed, so nothing is lost between steps. */
export interface AdDraft {
  name: string;
  cityId: number | null;
  address: string;
  description: string;
  price: string;
  catalogId: number | null;
  /** For sale, wanted, giving away (no price asked: it is 0) or for rent. */
  kind: AdKind;
  /** The category's fields as typed (issue 26), asked with the category. */
  attributes: AttributeInputs;
}

export const EMPTY_DRAFT: AdDraft = {
  name: '',
  cityId: null,
  address: '',
  description: '',
  price: '',
  catalogId: null,
  kind: DEFAULT_AD_KIND,
  attributes: {},
};

/** The wizard's steps in order (spec: name, city, description and price, photo, catalog, preview). */
export const STEPS = ['name', 'city', 'details', 'photos', 'catalog', 'preview'] as const;
export type Step = (typeof STEPS)[number];

/** Which step each server field belongs to: a 422 sends the seller back to where the problem is. */
export const FIELD_STEP: Record<string, Step> = {
  name: 'name',
  city_id: 'city',
  address: 'city',
  description: 'details',
  price: 'details',
  kind: 'details',
  files: 'photos',
  catalog_id: 'catalog',
};

/** The step of a server field; a category field's problem (`attributes.<key>`) is the category step's. */
export function stepOfField(field: string): Step | undefined {
  return field === 'attributes' || field.startsWith('attributes.') ? 'catalog' : FIELD_STEP[field];
}

type T = (key: string, params?: Record<string, string | number>) => string;
export type DraftErrors = Partial<Record<string, string[]>>;

/** The same rules as the server (ad-rules.ts), checked before a step may be left. */
export function validateStep(step: Step, draft: AdDraft, t: T, leafIds?: ReadonlySet<number>): DraftErrors {
  const errors: DraftErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const check = (field: string, wrong: FieldProblem | undefined) => wrong && add(field, t(wrong.key, wrong.params));
  const text = (field: 'name' | 'description', min: number, max: number) =>
    check(field, lengthProblem(draft[field].trim().replace(/\s+/g, ' '), min, max));
  if (step === 'name' || step === 'preview') text('name', AD_NAME_MIN, AD_NAME_MAX);
  if (step === 'city' || step === 'preview') {
    if (draft.cityId === null) add('city_id', t('validation.required'));
    if (draft.address.trim().length > AD_ADDRESS_MAX) add('address', t('validation.max_length', { limit: AD_ADDRESS_MAX }));
  }
  if (step === 'details' || step === 'preview') {
    text('description', AD_DESCRIPTION_MIN, AD_DESCRIPTION_MAX);
    // A give-away has no price to ask for: the server makes it 0.
    if (draft.kind !== 'give') {
      const price = draft.price.trim();
      check('price', priceProblem(price, parsePriceCents(price)));
    }
  }
  if (step === 'catalog' || step === 'preview') {
    if (draft.catalogId === null) add('catalog_id', t('validation.required'));
    else if (leafIds && !leafIds.has(draft.catalogId)) add('catalog_id', t('ads.catalog_not_leaf'));
  }
  return errors;
}

/** The price as euros for the preview, or undefined while it is not a price. */
export function draftPriceEuros(draft: AdDraft): number | undefined {
  if (draft.kind === 'give') return 0;
  const cents = parsePriceCents(draft.price.trim());
  return cents === undefined ? undefined : cents / 100;
}

// ---- The draft that survives a reload: fields and step in local storage, pictures in IndexedDB.

const draftKey = (userId: number) => `new_ad_draft:${userId}`;

export interface StoredDraft {
  draft: AdDraft;
  step: Step;
}

export function loadDraft(userId: number): StoredDraft | undefined {
  try {
    const raw = JSON.parse(window.localStorage.getItem(draftKey(userId)) ?? 'null') as Partial<StoredDraft> | null;
    if (!raw || typeof raw !== 'object' || !raw.draft) return undefined;
    const draft = { ...EMPTY_DRAFT, ...raw.draft };
    // A draft saved before kinds existed, or tampered with, is for sale.
    if (!isAdKind(draft.kind)) draft.kind = DEFAULT_AD_KIND;
    if (!draft.attributes || typeof draft.attributes !== 'object' || Array.isArray(draft.attributes)) draft.attributes = {};
    const step = STEPS.includes(raw.step as Step) ? (raw.step as Step) : 'name';
    return { draft, step };
  } catch {
    return undefined;
  }
}

export function saveDraft(userId: number, stored: StoredDraft): void {
  try {
    window.localStorage.setItem(draftKey(userId), JSON.stringify(stored));
  } catch {
    // Storage full or off: the draft lives as long as the page.
  }
}

export function clearDraft(userId: number): void {
  try {
    window.localStorage.removeItem(draftKey(userId));
  } catch {
    // nothing to clear
  }
  void savePictures(userId, []);
}

export interface DraftPicture {
  id: string;
  name: string;
  type: string;
  blob: Blob;
}

const DB_NAME = 'kauppis-drafts';
const STORE = 'pictures';

function openDb(): Promise<IDBDatabase | undefined> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
  });
}

/** The draft's pictures in their order (the first is the cover). */
export async function loadPictures(userId: number): Promise<DraftPicture[]> {
  const db = await openDb();
  if (!db) return [];
  return new Promise((resolve) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).get(userId);
    request.onsuccess = () => resolve(Array.isArray(request.result) ? (request.result as DraftPicture[]) : []);
    request.onerror = () => resolve([]);
  });
}

export async function savePictures(userId: number, pictures: DraftPicture[]): Promise<void> {
  const db = await openDb();
  if (!db) return;
  await new Promise<void>((resolve) => {
    const tx = db.transaction(STORE, 'readwrite');
    if (pictures.length) tx.objectStore(STORE).put(pictures, userId);
    else tx.objectStore(STORE).delete(userId);
    tx.oncomplete = () => resolve();
    tx.onerror = () => resolve();
  });
}
