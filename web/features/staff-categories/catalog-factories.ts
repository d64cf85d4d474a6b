import type { AdminCatalog } from '../../../server/modules/catalog/catalog.schemas';

/** Test data for the category screens: a category with no ads and no subcategories unless told. */
export function newCatalog(id: number, name: string, fields: Partial<AdminCatalog> = {}): AdminCatalog {
  return {
    id,
    parent_id: null,
    slug: name.toLowerCase(),
    path: [name.toLowerCase()],
    name_fi: name,
    name_en: `${name} (en)`,
    name_ru: `${name} (ru)`,
    name_sv: '',
    position: 0,
    depth: 0,
    hidden: false,
    hidden_by_parent: false,
    children_count: 0,
    ads_count: 0,
    active_ads_count: 0,
    subtree_ads_count: 0,
    old_slugs: [],
    ...fields,
  };
}
