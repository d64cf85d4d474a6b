import { type Static, Type } from 'typebox';
import { REQUIRED_NAME_LOCALES } from '../../../common/locales.ts';
import { nameInputProperties, nameProperties } from '../../platform/localized-name.ts';

const catalogFields = {
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String({ description: 'Name in the language of the request' }),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Slugs from the top parent down to this catalog: the URL is /catalogs/{path joined by /}. */
  path: Type.Array(Type.String()),
};

// The tree is at most three levels deep, so it is spelled out rather than recursive:
// the OpenAPI document and the response serializer stay simple.
const GrandchildNode = Type.Object({ ...catalogFields, children: Type.Array(Type.Object(catalogFields)) });
const ChildNode = Type.Object({ ...catalogFields, children: Type.Array(GrandchildNode) });
const ParentNode = Type.Object({ ...catalogFields, children: Type.Array(ChildNode) });

export const FlatCatalog = Type.Object({ ...catalogFields, depth: Type.Integer({ minimum: 0, maximum: 2 }) });

export const CatalogTree = Type.Object({ data: Type.Array(ParentNode) });
export const CatalogFlatList = Type.Object({ data: Type.Array(FlatCatalog) });

export interface CatalogNode {
  id: number;
  slug: string;
  name: string;
  parent_id: number | null;
  path: string[];
  children: CatalogNode[];
}
export type FlatCatalog = Static<typeof FlatCatalog>;

/** Spec section 2: a catalog page's path, one to three slugs. */
export const CatalogPathParams = Type.Object({
  catalog: Type.String({ maxLength: 200 }),
  catalogChild1: Type.Optional(Type.String({ maxLength: 200 })),
  catalogChild2: Type.Optional(Type.String({ maxLength: 200 })),
});

export const CatalogPathReply = Type.Object({
  data: FlatCatalog,
  /** From the top parent down to this catalog. */
  trail: Type.Array(FlatCatalog),
  children: Type.Array(FlatCatalog),
});

// Staff's view and changes of the tree (categories.manage).

export const AdminCatalog = Type.Object({
  id: Type.Integer(),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  slug: Type.String(),
  path: Type.Array(Type.String(), { description: 'Slugs from the top parent down: the public URL is /catalogs/{path joined by /}' }),
  ...nameProperties((locale) =>
    Type.String({ description: locale === 'fi' ? 'Finnish name' : `Name in ${locale}; empty until given (the Finnish name is shown)` }),
  ),
  position: Type.Integer({ description: 'Place among its siblings, from 0' }),
  depth: Type.Integer({ minimum: 0, maximum: 2 }),
  hidden: Type.Boolean({ description: 'Hidden by staff itself' }),
  hidden_by_parent: Type.Boolean({ description: 'A catalog above it is hidden, so it is not public either' }),
  children_count: Type.Integer(),
  ads_count: Type.Integer({ description: 'Ads filed under it directly, any status' }),
  active_ads_count: Type.Integer({ description: 'Active ads filed under it directly' }),
  subtree_ads_count: Type.Integer({ description: 'Ads under it and every catalog below it, any status' }),
  old_slugs: Type.Array(Type.String(), { description: 'Earlier slugs that answer a 301 to it' }),
});
export type AdminCatalog = Static<typeof AdminCatalog>;

/** Every catalog, hidden ones included, depth-first in display order (parents before their children). */
export const AdminCatalogList = Type.Object({ data: Type.Array(AdminCatalog) });
export const AdminCatalogReply = Type.Object({ message: Type.String(), data: AdminCatalog });
export const AdminMessageReply = Type.Object({ message: Type.String() });

export const AdminCatalogParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

// Lengths here only bound the payload; the service trims and checks the real limits with clear messages.
const NameInput = Type.String({ maxLength: 300 });
const SlugInput = Type.String({ maxLength: 300, description: 'Lowercase a–z, 0–9 and single dashes; from the Finnish name when left out' });
const ParentId = Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]);

export const CreateCatalogBody = Type.Object(
  {
    parent_id: Type.Optional(ParentId),
    ...nameInputProperties(NameInput, (locale) => REQUIRED_NAME_LOCALES.includes(locale)),
    slug: Type.Optional(SlugInput),
  },
  { additionalProperties: false },
);

export const UpdateCatalogBody = Type.Object(
  {
    ...nameInputProperties(NameInput, () => false),
    slug: Type.Optional(SlugInput),
  },
  { additionalProperties: false },
);

export const MoveCatalogBody = Type.Object({ parent_id: ParentId }, { additionalProperties: false });
export const ReorderCatalogBody = Type.Object({ position: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });
export const CatalogVisibilityBody = Type.Object({ hidden: Type.Boolean() }, { additionalProperties: false });
export const MergeCatalogBody = Type.Object(
  { into: Type.Integer({ minimum: 1, description: 'The catalog that receives the ads' }) },
  { additionalProperties: false },
);
export const MergeCatalogReply = Type.Object({ message: Type.String(), moved: Type.Integer(), data: AdminCatalog });
