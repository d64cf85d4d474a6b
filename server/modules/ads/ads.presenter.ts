import { type Actor, mayManageAd } from '../../../common/access.ts';
import { type PriceUnit, ownerChoices, priceUnitOf } from '../../../common/ad-rules.ts';
import type { Locale } from '../../../common/locales.ts';
import type { Storage } from '../../platform/storage.ts';
import type { ShownAttribute } from '../../../common/attribute-format.ts';
import { cardFieldsFinder, highlightsOf } from '../attributes/ad-values.ts';
import type { AttributesService } from '../attributes/attributes.service.ts';
import type { FlatCatalog } from '../catalog/catalog.schemas.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import type { City, Region } from '../geo/geo.schemas.ts';
import type { GeoService } from '../geo/geo.service.ts';
import { adPictureKey } from '../images/image-processing.ts';
import type { AdRow, AdWithCover, CardRow, StoredPicture } from './ads.repo.ts';
import type { ManagedAd, ModerationItem, Picture, ProductCard } from './ads.schemas.ts';

/**
 * The names an ad shows for its city and its category, in one language, and (given the category
 * fields) its card's line of values. The lists are kept in memory by their services; this only
 * indexes them for the ads of one answer, so a page of cards asks the database nothing more.
 */
export async function adLabels(geo: GeoService, catalog: CatalogService, locale: Locale, attributes?: AttributesService) {
  const [cities, catalogs, fields] = await Promise.all([geo.listCities(locale), catalog.flatten(locale), attributes?.all() ?? []]);
  const cityNames = new Map(cities.map((c) => [c.id, c.name]));
  const categories = new Map(catalogs.map((c) => [c.id, c]));
  const cardFields = cardFieldsFinder(fields, (id) => categories.get(id)?.parent_id);
  return {
    /** The values of the fields its catalog shows on cards ("2015", "180 000 km"). */
    highlights: (ad: Pick<CardRow, 'catalogId' | 'attributes'>) => highlightsOf(cardFields(ad.catalogId), ad.attributes, locale),
    city: (id: number) => ({ id, name: cityNames.get(id) ?? '' }),
    catalog: (id: number) => ({ id, slug: categories.get(id)?.slug ?? '', name: categories.get(id)?.name ?? '' }),
    /** What the ad's price is per: from its kind and its category's place in the tree. */
    priceUnit: (ad: Pick<AdRow, 'kind' | 'catalogId' | 'priceCents'>) =>
      priceUnitOf(ad.kind, categories.get(ad.catalogId)?.path ?? [], ad.priceCents),
  };
}

export type AdLabels = Awaited<ReturnType<typeof adLabels>>;

/** A stored ad picture as the API gives it: its uuid, the URL of each variant, its size. */
export function toPicture(storage: Storage, picture: StoredPicture): Picture {
  return {
    uuid: picture.uuid,
    thumb: storage.publicUrl(adPictureKey(picture.storagePrefix, 'thumb')),
    card: storage.publicUrl(adPictureKey(picture.storagePrefix, 'card')),
    full: storage.publicUrl(adPictureKey(picture.storagePrefix, 'full')),
    width: picture.width,
    height: picture.height,
  };
}

/** Where the ad is, what it is filed under and its cover: what a card shows besides its name and price. */
function placeAndCover(ad: CardRow, labels: AdLabels, storage: Storage) {
  return {
    city: labels.city(ad.cityId),
    region_id: ad.regionId,
    catalog: labels.catalog(ad.catalogId),
    image: ad.cover ? toPicture(storage, ad.cover) : null,
    images_count: ad.imageCount,
  };
}

/** The ad itself: how every full view of it (its page, the owner's, the moderator's) begins. */
function adText(ad: AdRow, priceUnit: PriceUnit | null) {
  return {
    id: ad.id,
    uuid: ad.uuid,
    name: ad.name,
    description: ad.description,
    price: ad.priceCents / 100,
    kind: ad.kind,
    price_unit: priceUnit,
    status: ad.status,
    address: ad.address,
  };
}

/** Where the ad stands with the moderator, for its owner and the staff. */
function review(ad: AdRow) {
  return { approved: ad.approvedAt !== null, rejection_reason: ad.rejectionReason };
}

function dates(ad: AdRow) {
  return {
    created_at: ad.createdAt.toISOString(),
    updated_at: ad.updatedAt.toISOString(),
    // When the shown ad ends, and whether it was archived (issue 27, server/modules/lifecycle).
    expires_at: ad.expiresAt?.toISOString() ?? null,
    archived_at: ad.archivedAt?.toISOString() ?? null,
  };
}

/** An ad's card: the listing, the similar ads and (with what the list adds) the wish list. */
export function adCard(ad: CardRow, labels: AdLabels, storage: Storage): ProductCard {
  return {
    id: ad.id,
    uuid: ad.uuid,
    name: ad.name,
    price: ad.priceCents / 100,
    kind: ad.kind,
    price_unit: labels.priceUnit(ad),
    status: ad.status,
    ...placeAndCover(ad, labels, storage),
    highlights: labels.highlights(ad),
    created_at: ad.createdAt.toISOString(),
  };
}

/** The owner's view of one of their ads (my showcase, the answer to a change): the card, its text, review state and status menu. */
export function managedAd(ad: AdWithCover, labels: AdLabels, storage: Storage, hiddenByDecision = false): ManagedAd {
  return {
    ...adText(ad, labels.priceUnit(ad)),
    ...placeAndCover(ad, labels, storage),
    ...review(ad),
    next_statuses: ownerChoices(ad.status, ad.approvedAt !== null),
    hidden_by_decision: hiddenByDecision,
    attribute_values: ad.attributes,
    ...dates(ad),
  };
}

/** The moderator's view: the ad with every picture, its catalog trail and whose it is. */
export function moderationItem(
  ad: AdRow,
  parts: { trail: FlatCatalog[]; pictures: StoredPicture[]; seller: ModerationItem['seller']; flags: ModerationItem['flags'] },
  labels: AdLabels,
  storage: Storage,
): ModerationItem {
  return {
    ...adText(ad, labels.priceUnit(ad)),
    city: labels.city(ad.cityId),
    catalog: { id: ad.catalogId, path: parts.trail.map(({ slug, name }) => ({ slug, name })) },
    images: parts.pictures.map((picture) => toPicture(storage, picture)),
    seller: parts.seller,
    flags: parts.flags,
    ...review(ad),
    ...dates(ad),
  };
}

/**
 * The ad's page: everything about it, its seller's public profile, and for its owner and the
 * staff the moderator's reason.
 */
export function adPage<Seller>(
  ad: AdRow,
  parts: {
    pictures: StoredPicture[];
    city: City | undefined;
    region: Region | undefined;
    trail: FlatCatalog[];
    seller: Seller;
    /** The category fields' values as the reader reads them (issue 26). */
    attributes: ShownAttribute[];
  },
  viewer: Actor | null,
  storage: Storage,
) {
  const { city, region, trail } = parts;
  return {
    ...adText(
      ad,
      priceUnitOf(
        ad.kind,
        trail.map((step) => step.slug),
        ad.priceCents,
      ),
    ),
    language: ad.language,
    city: { id: ad.cityId, name: city?.name ?? '', lat: city?.lat ?? null, lon: city?.lon ?? null },
    region: { id: ad.regionId, name: region?.name ?? '' },
    catalog: {
      id: ad.catalogId,
      slug: trail.at(-1)?.slug ?? '',
      name: trail.at(-1)?.name ?? '',
      path: trail.map(({ slug, name }) => ({ slug, name })),
    },
    images: parts.pictures.map((picture) => toPicture(storage, picture)),
    attributes: parts.attributes,
    seller: parts.seller,
    /** Views counted so far (written every few seconds, see products/ad-views.ts). */
    view_count: ad.viewCount,
    is_owner: viewer?.id === ad.userId,
    /** The statuses its owner may move it to from its page, as my showcase offers them; empty for anyone else. */
    next_statuses: viewer?.id === ad.userId ? ownerChoices(ad.status, ad.approvedAt !== null) : [],
    rejection_reason: mayManageAd(viewer, ad) ? ad.rejectionReason : null,
    ...dates(ad),
  };
}
