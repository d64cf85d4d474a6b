import type { AuditWriter } from '../../platform/audit-log.ts';
import crypto from 'node:crypto';
import {
  AD_STATUSES,
  type AdKind,
  type AdStatus,
  DEFAULT_AD_KIND,
  guessAdLanguage,
  ownerMayMove,
  parsePriceCents,
  priceProblem,
} from '../../../common/ad-rules.ts';
import { AD_MAX_PICTURES } from '../../../common/pictures.ts';
import { can, mayManageAd, mayResubmitAd } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import { isUuid } from '../../platform/uuid.ts';
import type { Transaction } from '../../db/client.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Storage } from '../../platform/storage.ts';
import { type Throttle, UPLOADS_PER_USER, uploadsKey } from '../../platform/throttle.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { GeoService } from '../geo/geo.service.ts';
import { type AdPictureSet, type AdPictureVariant, adPictureKey, adPictureKeys, makeAdPictures } from '../images/image-processing.ts';
import { fieldProblems, inSchemaOrder } from '../../platform/validation.ts';
import type { AdChanges, AdRow, AdWithCover, AdsRepo } from '../ads/ads.repo.ts';
import { adLabels, managedAd, toPicture } from '../ads/ads.presenter.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { type HashOutcome, type PictureHashService, withFlags } from '../picture-hash/picture-hash.service.ts';
import type { SafetyService } from '../safety/safety.service.ts';
import { type AdValues, type AttributeProblems, sameValues } from '../attributes/ad-values.ts';
import type { AttributeValues } from '../../../common/attributes.ts';
import type { NewPicture, NewProduct, SellingRepo } from './selling.repo.ts';
import { AdFields, AdFieldsPatch } from './selling.schemas.ts';

export const MY_ADS_PAGE_SIZE = 20;

export interface SellingDeps {
  repo: SellingRepo;
  ads: AdsRepo;
  catalog: CatalogService;
  geo: GeoService;
  storage: Storage;
  moderation: ModerationService;
  throttle: Throttle;
  /** Called after any change to an ad, so cached listings are read fresh. */
  onAdsChanged?: () => void;
  /** Whether new and changed ads wait for a moderator (the app settings); always when absent. */
  adsNeedReview?: () => boolean;
  /** Where an ad published without review is recorded for staff. */
  audit?: AuditWriter;
  /**
   * The scam guard (issue 25): a new account's daily limit of new ads, counted in the creating
   * transaction; a held account's new and changed ads wait for a moderator even with moderation off.
   */
  guard?: Pick<SafetyService, 'creatingAd' | 'isHeld'>;
  log?: (message: string, detail: Record<string, unknown>) => void;
  /**
   * The scam guard's picture hashes (issue 25): each new picture is hashed, and one that matches a
   * picture of another seller's ad flags the ad and sends it to review, even with moderation off.
   */
  pictureHashes?: Pick<PictureHashService, 'hash' | 'duplicateFlags' | 'saveAdPictures' | 'whenLateDuplicate'>;
  /** The category fields' values (issue 26): checked with the ad's other fields, stored in its transaction. */
  adValues: AdValues;
}

/** The ad's fields as they arrive (multipart and form bodies are all text; JSON may carry numbers). */
export type RawAdFields = Record<string, unknown>;

/** The ad's fields as AdFields checks them; absent ones stay absent (an edit leaves them as they are). */
interface TidyFields {
  name?: string;
  description?: string;
  /** As written: a JSON number as its text. */
  price?: string;
  /** A number when it reads as one, otherwise the text as sent (which the schema then refuses). */
  city_id?: number | string;
  catalog_id?: number | string;
  address?: string;
  kind?: string;
}

/**
 * The one field a seller may change on an approved ad without a new review: the price (spec). A
 * change to anything else a buyer sees (name, description, address, city, catalog, pictures) sends
 * the ad back, so a field added later is reviewed unless it is named here.
 */
const CHANGES_WITHOUT_REVIEW: ReadonlySet<string> = new Set(['priceCents']);

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : '';
}

/** Trims, joins runs of spaces in one-line fields, and keeps paragraphs (at most one empty line) in the description. */
function tidy(value: string, multiline: boolean): string {
  const normalized = value.normalize('NFC').replace(/\r\n?/g, '\n');
  if (!multiline) return normalized.replace(/\s+/g, ' ').trim();
  return normalized
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An id that reads as a whole number (up to nine digits, as a form sends it) as that number. */
function readId(value: unknown): number | string {
  if (typeof value === 'number') return value;
  const written = text(value) ?? '';
  return /^\s*\d{1,9}\s*$/.test(written) ? Number(written) : written;
}

/** The raw fields tidied for AdFields: text normalized and trimmed, the price as written, ids read. */
function tidyFields(raw: RawAdFields): TidyFields {
  const present = (field: string) => raw[field] !== undefined && raw[field] !== null;
  const fields: TidyFields = {};
  if (present('name')) fields.name = tidy(text(raw.name) ?? '', false);
  if (present('description')) fields.description = tidy(text(raw.description) ?? '', true);
  if (present('price')) fields.price = typeof raw.price === 'number' ? String(raw.price) : (text(raw.price) ?? '').trim();
  if (present('city_id')) fields.city_id = readId(raw.city_id);
  if (present('catalog_id')) fields.catalog_id = readId(raw.catalog_id);
  if (present('address')) fields.address = tidy(text(raw.address) ?? '', false);
  if (present('kind')) fields.kind = (text(raw.kind) ?? '').trim();
  // Giving away needs no price: it is 0.
  if (fields.kind === 'give' && fields.price === undefined) fields.price = '0';
  return fields;
}

/** A JSON price in euros → cents; more than two decimals or a non-finite number is not a price. */
function numberToCents(value: number): number | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const cents = Math.round(value * 100);
  return Math.abs(value * 100 - cents) < 1e-6 ? cents : undefined;
}

export function createSellingService(deps: SellingDeps) {
  const { repo, ads, catalog, geo, storage } = deps;
  const changed = () => deps.onAdsChanged?.();
  const reviewOn = () => deps.adsNeedReview?.() ?? true;

  /**
   * Reads and checks the ad's fields: first the rules of AdFields (AdFieldsPatch for an edit, where
   * absent fields stay as they are), then the price as written and whether the city and the catalog
   * exist. All problems are reported at once, in the form's order. `current`: the ad an edit
   * changes, whose kind and price the rule "giving away is free" also reads.
   */
  async function readFields(raw: RawAdFields, partial: boolean, current?: AdRow): Promise<AdChanges & { values?: AttributeValues }> {
    const fields = tidyFields(raw);
    const problems = fieldProblems(partial ? AdFieldsPatch : AdFields, fields);
    const passed = (field: keyof TidyFields) => fields[field] !== undefined && !problems[field];
    const out: AdChanges = {};
    if (passed('name')) out.name = fields.name;
    if (passed('description')) out.description = fields.description;
    if (passed('price')) {
      const written = fields.price!;
      const cents = typeof raw.price === 'number' ? numberToCents(raw.price) : parsePriceCents(written);
      const wrong = priceProblem(written, cents);
      if (wrong) problems.price = [wrong];
      else out.priceCents = cents;
    }
    if (passed('city_id')) {
      const city = (await geo.listCities('fi')).find((c) => c.id === fields.city_id);
      if (!city) problems.city_id = [{ key: 'validation.city_not_found' }];
      else {
        out.cityId = city.id;
        out.regionId = city.region_id;
      }
    }
    if (passed('catalog_id')) {
      const id = fields.catalog_id as number;
      const family = await catalog.withDescendants([id]);
      if (!family.length) problems.catalog_id = [{ key: 'ads.catalog_unknown' }];
      else if (family.length > 1) problems.catalog_id = [{ key: 'ads.catalog_not_leaf' }];
      else out.catalogId = id;
    }
    const { values, problems: valueProblems } = await readValues(
      raw,
      fields.catalog_id === undefined ? current?.catalogId : out.catalogId,
      current,
    );
    Object.assign(problems, valueProblems);
    if (passed('address')) out.address = fields.address || null;
    if (passed('kind')) out.kind = fields.kind as AdKind;
    // Giving away means free: a price above 0 is refused, and an ad turned into a give-away becomes free.
    const kind = out.kind ?? current?.kind ?? DEFAULT_AD_KIND;
    if (kind === 'give' && !problems.price) {
      if (out.priceCents !== undefined && out.priceCents !== 0) problems.price = [{ key: 'ads.price_give_free' }];
      else out.priceCents = 0;
    }

    if (Object.keys(problems).length) throw new AppError('validation_failed', {}, inSchemaOrder(AdFields, problems));
    return values ? { ...out, values } : out;
  }

  /**
   * The category field values a new ad or an edit stores (undefined: they stay as they are),
   * checked against the fields of the ad's catalog. An edit without values keeps them; one that
   * moves the ad keeps those the new catalog has. Not checked while the catalog itself is wrong.
   */
  async function readValues(
    raw: RawAdFields,
    catalogId: number | undefined,
    current: AdRow | undefined,
  ): Promise<{ values?: AttributeValues; problems: AttributeProblems }> {
    if (catalogId === undefined) return { problems: {} };
    if (raw.attributes !== undefined || !current) return deps.adValues.check(catalogId, raw.attributes, current?.attributes);
    if (current.catalogId === catalogId) return { problems: {} };
    return { values: await deps.adValues.keptOnMove(catalogId, current.attributes), problems: {} };
  }

  /**
   * Turns every upload into its WebP set first (all or nothing), hashes each full picture (a failed
   * hash never stops the upload: it is queued), then stores them; on any failure removes what was stored.
   */
  async function storePictures(productUuid: string, files: Buffer[]): Promise<{ pictures: NewPicture[]; hashes: HashOutcome[] }> {
    const sets: AdPictureSet[] = [];
    for (const file of files) sets.push(await makeAdPictures(file, 'files'));
    const hashes: HashOutcome[] = [];
    for (const set of sets) hashes.push(deps.pictureHashes ? await deps.pictureHashes.hash(set.variants.full) : 'featureless');
    const stored: string[] = [];
    try {
      const pictures: NewPicture[] = [];
      for (const set of sets) {
        const uuid = crypto.randomUUID();
        const storagePrefix = `ads/${productUuid}/${uuid}`;
        for (const [variant, data] of Object.entries(set.variants)) {
          const key = adPictureKey(storagePrefix, variant as AdPictureVariant);
          await storage.put(key, data, 'image/webp');
          stored.push(key);
        }
        pictures.push({ uuid, storagePrefix, width: set.width, height: set.height });
      }
      return { pictures, hashes };
    } catch (error) {
      await removeKeys(stored);
      throw error;
    }
  }

  async function removeKeys(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        storage.delete(key).catch((error: unknown) => deps.log?.('could not delete a stored picture', { key, error: String(error) })),
      ),
    );
  }

  /** Flags naming other sellers' ads that show one of these pictures (none without the picture hashes). */
  async function duplicatesOf(hashes: HashOutcome[], sellerId: number, productId?: number) {
    return deps.pictureHashes ? deps.pictureHashes.duplicateFlags(hashes, sellerId, productId) : [];
  }

  /** Stores the new pictures' hashes (or queues those that failed) in the transaction that attaches them. */
  async function saveHashes(pictures: NewPicture[], hashes: HashOutcome[], tx: Transaction) {
    await deps.pictureHashes?.saveAdPictures(
      pictures.map((picture, index) => ({ imageUuid: picture.uuid, outcome: hashes[index]! })),
      tx,
    );
  }

  /** The ad for a change by `current`: 404 when there is none, 403 when it is someone else's (and `current` is not staff). */
  async function ownedAd(current: CurrentUser, uuid: unknown) {
    const product = await ads.findByUuid(uuid);
    if (!product) throw new AppError('not_found');
    if (!mayManageAd(current, product)) throw new AppError('forbidden');
    return { product, images: await ads.picturesOf([product.id]) };
  }

  /** Only verified accounts publish (spec: unverified users can browse but not publish). */
  function requireVerified(current: CurrentUser): void {
    if (!current.user.emailVerifiedAt || current.roles.includes('unverified')) throw new AppError('email_unverified');
  }

  /**
   * A content change by the owner sends an ad the public can see back to review; its old approval
   * no longer covers it. An ad a decision hides stays hidden: it comes back only through the appeal.
   * Asked before the change's transaction (it reads the decisions outside it). `flagged`: a new
   * picture is another seller's (issue 25), which sends the ad back whoever changed it and even with
   * moderation off.
   */
  async function reviewAgain(product: AdRow, byStaff: boolean, flagged = false): Promise<AdChanges> {
    if ((byStaff && !flagged) || product.status === 'moderate' || product.status === 'new') return {};
    if (!flagged && !reviewOn() && !(await deps.guard?.isHeld(product.userId))) return {};
    if (!mayResubmitAd({ hiddenByDecision: await deps.moderation.hiddenByDecision(product) })) return {};
    return { status: 'moderate', approvedAt: null, rejectionReason: null };
  }

  async function managedView(row: AdWithCover, locale: Locale) {
    const [labels, hidden] = await Promise.all([adLabels(geo, catalog, locale), deps.moderation.hiddenByDecision(row)]);
    return managedAd(row, labels, storage, hidden);
  }

  // A picture the queue hashed later is another seller's: the ad is flagged and sent to review as at upload.
  deps.pictureHashes?.whenLateDuplicate(async (productId, flags) => {
    const product = await ads.findById(productId);
    if (!product) return;
    const review = await reviewAgain(product, false, true);
    await ads.update(product.id, { ...review, flags: withFlags(product.flags, flags) });
    changed();
  });

  return {
    /** A new ad with its pictures, waiting for the moderator. Nothing is kept when any part fails. */
    async create(current: CurrentUser, raw: RawAdFields, files: Buffer[], locale: Locale) {
      requireVerified(current);
      const { values = {}, ...fields } = (await readFields(raw, false)) as NewProduct & { values?: AttributeValues };
      if (files.length > 0) await deps.throttle.consume(uploadsKey(current.id), UPLOADS_PER_USER);
      if (files.length > AD_MAX_PICTURES) throw AppError.field('files', 'ads.too_many_pictures', { max: AD_MAX_PICTURES });
      const uuid = crypto.randomUUID();
      const { pictures, hashes } = await storePictures(uuid, files);
      const flags = await duplicatesOf(hashes, current.user.id);
      // With moderation switched off in the app settings a new ad is shown at once, as if approved;
      // one with another seller's picture waits for a moderator all the same.
      let review = reviewOn() || flags.length > 0;
      const saveValues = await deps.adValues.saver(fields.catalogId, values);
      try {
        // The ad and its pictures are saved together or not at all.
        const product = await repo.transaction(async (tx) => {
          if ((await deps.guard?.creatingAd(current, tx))?.held) review = true;
          const created = await repo.insert(
            {
              ...fields,
              uuid,
              userId: current.user.id,
              status: review ? 'moderate' : 'active',
              approvedAt: review ? null : new Date(),
              language: guessAdLanguage(`${fields.name}\n${fields.description}`),
              imageCount: pictures.length,
              flags,
            } as NewProduct,
            tx,
          );
          await repo.insertPictures(created.id, pictures, 0, tx);
          await saveHashes(pictures, hashes, tx);
          await saveValues(created.id, tx);
          if (!review) {
            await deps.audit?.(
              {
                actorId: current.id,
                impersonatorId: current.session.impersonatorId,
                action: 'ad_published_unreviewed',
                entity: 'product',
                entityId: String(created.id),
                data: { uuid, name: created.name },
              },
              tx,
            );
          }
          return { ...created, attributes: values };
        });
        if (!review) changed();
        return managedView({ ...product, cover: pictures[0] ?? null }, locale);
      } catch (error) {
        await removeKeys(adPictureKeys(pictures.map((p) => p.storagePrefix)));
        throw error;
      }
    },

    /** An edit: only the fields sent change; a change to what the moderator checked sends the ad back to review. */
    async update(current: CurrentUser, uuid: unknown, raw: RawAdFields, locale: Locale) {
      const { product } = await ownedAd(current, uuid);
      const { values, ...fields } = await readFields(raw, true, product);
      const byStaff = product.userId !== current.user.id;
      // Staff moving an ad keep its values as they are, as a merge of categories does.
      const newValues =
        values && !(byStaff && raw.attributes === undefined) && !sameValues(values, product.attributes) ? values : undefined;
      const needsReview =
        newValues !== undefined ||
        Object.entries(fields).some(
          ([field, value]) => value !== undefined && !CHANGES_WITHOUT_REVIEW.has(field) && value !== product[field as keyof AdRow],
        );
      const language =
        fields.name || fields.description
          ? guessAdLanguage(`${fields.name ?? product.name}\n${fields.description ?? product.description}`)
          : undefined;
      const review = needsReview ? await reviewAgain(product, byStaff) : {};
      const saveValues = newValues && (await deps.adValues.saver(fields.catalogId ?? product.catalogId, newValues));
      // The ad and its field values (with their numbers) change together or not at all.
      const updated = await repo.transaction(async (tx) => {
        const row = await ads.update(product.id, { ...fields, ...(language ? { language } : {}), ...review }, tx);
        if (!saveValues) return row;
        await saveValues(product.id, tx);
        return { ...row, attributes: newValues! };
      });
      changed();
      const [cover] = await ads.picturesOf([updated.id]);
      const view = await managedView({ ...updated, cover: cover ?? null }, locale);
      return { view, sentToReview: product.status !== 'moderate' && updated.status === 'moderate' };
    },

    async addPictures(current: CurrentUser, uuid: unknown, files: Buffer[]) {
      const { product, images } = await ownedAd(current, uuid);
      if (!files.length) throw AppError.field('files', 'validation.required');
      if (images.length + files.length > AD_MAX_PICTURES) throw AppError.field('files', 'ads.too_many_pictures', { max: AD_MAX_PICTURES });
      await deps.throttle.consume(uploadsKey(current.id), UPLOADS_PER_USER);
      const { pictures, hashes } = await storePictures(product.uuid, files);
      const flags = await duplicatesOf(hashes, product.userId, product.id);
      const review = await reviewAgain(product, product.userId !== current.user.id, flags.length > 0);
      let added = false;
      try {
        added = await repo.transaction(async (tx) => {
          // With the ad locked, two uploads at once cannot pass the limit together.
          await repo.lockAd(product.id, tx);
          const existing = await repo.countPictures(product.id, tx);
          if (existing + pictures.length > AD_MAX_PICTURES) return false;
          await repo.insertPictures(product.id, pictures, existing, tx);
          await saveHashes(pictures, hashes, tx);
          await repo.renumberPictures(product.id, undefined, tx);
          await ads.update(product.id, flags.length ? { ...review, flags: withFlags(product.flags, flags) } : review, tx);
          return true;
        });
      } finally {
        if (!added) await removeKeys(adPictureKeys(pictures.map((p) => p.storagePrefix)));
      }
      if (!added) throw AppError.field('files', 'ads.too_many_pictures', { max: AD_MAX_PICTURES });
      changed();
      return (await ads.picturesOf([product.id])).map((image) => toPicture(storage, image));
    },

    /** Deletes one picture. A live ad stays live: taking a picture away shows nothing new to review (issue 30, 8). */
    async deletePicture(current: CurrentUser, uuid: unknown, imageUuid: unknown) {
      const { product } = await ownedAd(current, uuid);
      if (!isUuid(imageUuid)) throw new AppError('not_found');
      const prefix = await repo.transaction(async (tx) => {
        await repo.lockAd(product.id, tx);
        const deleted = await repo.deletePicture(product.id, imageUuid, tx);
        if (!deleted) return undefined;
        await repo.renumberPictures(product.id, undefined, tx);
        await ads.update(product.id, {}, tx);
        return deleted;
      });
      if (!prefix) throw new AppError('not_found');
      changed();
      await removeKeys(adPictureKeys([prefix]));
    },

    async reorderPictures(current: CurrentUser, uuid: unknown, order: string[]) {
      const { product, images } = await ownedAd(current, uuid);
      const known = new Set(images.map((i) => i.uuid));
      if (order.some((u) => !known.has(u)) || new Set(order).size !== order.length) throw AppError.field('order', 'validation.invalid');
      await repo.transaction(async (tx) => {
        await repo.lockAd(product.id, tx);
        await repo.renumberPictures(product.id, order, tx);
      });
      changed();
    },

    /** The owner's status menu (spec section 4), checked against the one transition table; staff may set any status. */
    async changeStatus(current: CurrentUser, id: unknown, status: AdStatus, reason?: unknown): Promise<AdRow> {
      const product = await ads.findByRef(id);
      if (!product) throw new AppError('not_found');
      if (can(current, 'ads.moderate')) return deps.moderation.setStatus(current, product, status, reason);
      if (product.userId !== current.user.id) throw new AppError('forbidden');
      if (!ownerMayMove(product.status, status, product.approvedAt !== null)) {
        throw AppError.field('status', 'ads.status_not_allowed');
      }
      const updated = await ads.update(product.id, { status });
      changed();
      return updated;
    },

    async remove(current: CurrentUser, uuid: unknown): Promise<void> {
      const { product } = await ownedAd(current, uuid);
      const prefixes = await repo.transaction(async (tx) => {
        const pictures = await ads.picturesOf([product.id], tx);
        await repo.delete(product.id, tx);
        return pictures.map((p) => p.storagePrefix);
      });
      changed();
      await removeKeys(adPictureKeys(prefixes));
    },

    /** The owner's showcase: ads of every status (or one), with the count per status. */
    async myAds(current: CurrentUser, options: { status?: AdStatus | undefined; page?: number | undefined }, locale: Locale) {
      const page = Math.max(1, options.page ?? 1);
      const [rows, counts, labels] = await Promise.all([
        repo.listByUser(current.user.id, options.status, MY_ADS_PAGE_SIZE, (page - 1) * MY_ADS_PAGE_SIZE),
        repo.countsByUser(current.user.id),
        adLabels(geo, catalog, locale),
      ]);
      const total = options.status ? (counts[options.status] ?? 0) : Object.values(counts).reduce((a, b) => a + b, 0);
      // Only a hidden (canceled) ad can be hidden by a decision: the others are not asked about.
      const hidden = await Promise.all(rows.map((row) => deps.moderation.hiddenByDecision(row)));
      return {
        data: rows.map((row, index) => managedAd(row, labels, storage, hidden[index])),
        counts: Object.fromEntries(AD_STATUSES.map((s) => [s, counts[s] ?? 0])) as Record<AdStatus, number>,
        meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / MY_ADS_PAGE_SIZE)), total },
      };
    },

    /** One of the caller's ads with everything the edit form needs. */
    async editable(current: CurrentUser, uuid: unknown, locale: Locale) {
      const { product, images } = await ownedAd(current, uuid);
      const view = await managedView({ ...product, cover: images[0] ?? null }, locale);
      return {
        ...view,
        images: images.map((image) => toPicture(storage, image)),
      };
    },
  };
}

export type SellingService = ReturnType<typeof createSellingService>;
