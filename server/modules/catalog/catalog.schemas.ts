import { type Static, Type } from 'typebox';

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
