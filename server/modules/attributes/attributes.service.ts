import { type AttributeDefinition, type PublicAttribute, publicAttribute } from '../../../common/attributes.ts';
import type { Locale } from '../../../common/locales.ts';
import type { CatalogRepo } from '../catalog/catalog.repo.ts';
import type { CatalogService } from '../catalog/catalog.service.ts';
import { createVersionedCache } from '../../platform/versioned-cache.ts';
import type { AttributesRepo } from './attributes.repo.ts';

/** How often a process asks whether staff changed the fields (the catalog tree's version). */
const VERSION_CHECK_MS = 2_000;

interface Snapshot {
  version: number;
  all: AttributeDefinition[];
  parentOf: Map<number, number | null>;
}

/**
 * The category fields (issue 26). A catalog's fields are its own and its ancestors' (nearest
 * last), retired ones included: they are not asked or filtered by, but their stored values stay
 * and are shown. Every process keeps them in memory; a staff change raises the catalog tree's
 * version in its transaction, which the processes compare every few seconds.
 */
export function createAttributesService(deps: {
  repo: AttributesRepo;
  catalogRepo: CatalogRepo;
  /** The public tree: readers get the fields of public catalogs only. */
  catalog?: CatalogService;
  versionCheckMs?: number;
}) {
  const checkMs = deps.versionCheckMs ?? VERSION_CHECK_MS;
  async function read(): Promise<Snapshot> {
    const version = await deps.catalogRepo.version();
    const [all, catalogs] = await Promise.all([deps.repo.listAll(), deps.catalogRepo.listAll()]);
    return { version, all, parentOf: new Map(catalogs.map((c) => [c.id, c.parentId])) };
  }

  const { load, invalidate } = createVersionedCache({ read, version: () => deps.catalogRepo.version(), checkMs });

  /** The catalog and its ancestors, the catalog first. */
  function pathOf(snapshot: Snapshot, catalogId: number): number[] {
    const path: number[] = [];
    for (let id: number | null | undefined = catalogId; id != null && path.length < 8; id = snapshot.parentOf.get(id)) path.push(id);
    return path;
  }

  return {
    /** Forget the fields at once (this process; the others see the raised version). */
    invalidate,

    /** The fields an ad of the catalog has: its ancestors' first, then its own, each in position order; retired ones too. */
    async forCatalog(catalogId: number): Promise<AttributeDefinition[]> {
      const snapshot = await load();
      const path = pathOf(snapshot, catalogId).reverse();
      return path.flatMap((id) => snapshot.all.filter((d) => d.catalogId === id));
    },

    /**
     * The fields a seller fills in and a buyer filters by, in the reader's language: the catalog's
     * and its ancestors' not retired, ancestors' first. Undefined for a catalog the public does not
     * see (unknown, hidden, or below a hidden one).
     */
    async forReaders(catalogId: number, locale: Locale): Promise<PublicAttribute[] | undefined> {
      if (deps.catalog && !(await deps.catalog.flatten(locale)).some((c) => c.id === catalogId)) return undefined;
      // Ancestors' first, each catalog's own in position order: the order forCatalog keeps.
      return (await this.forCatalog(catalogId)).filter((d) => !d.retired).map((d) => publicAttribute(d, locale));
    },

    /** Every field defined anywhere (staff screens, the search's key check across a subtree). */
    async all(): Promise<AttributeDefinition[]> {
      return (await load()).all;
    },
  };
}
export type AttributesService = ReturnType<typeof createAttributesService>;
