import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { catalogs } from '../db/schema/catalog.ts';
import { municipalities } from '../db/schema/geo.ts';
import { productImages, products } from '../db/schema/products.ts';
import { type AdKind, type AdLanguage, type AdStatus } from '../../common/ad-rules.ts';

export interface AdInput {
  userId: number;
  name: string;
  description?: string;
  priceCents?: number;
  /** Catalog slug (default: cars). */
  catalog?: string;
  /** Municipality code (default: 091 Helsinki). */
  city?: string;
  status?: AdStatus;
  language?: AdLanguage;
  createdAt?: Date;
  imageCount?: number;
  kind?: AdKind;
}

/** Factory: an ad straight in the database, active unless told otherwise. */
export async function createAd(app: FastifyInstance, input: AdInput) {
  const db = app.services.database.db;
  const [catalog] = await db
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(eq(catalogs.slug, input.catalog ?? 'cars'));
  const [city] = await db
    .select()
    .from(municipalities)
    .where(eq(municipalities.code, input.city ?? '091'));
  if (!catalog || !city) throw new Error(`unknown catalog ${input.catalog} or city ${input.city}`);
  const [row] = await db
    .insert(products)
    .values({
      userId: input.userId,
      catalogId: catalog.id,
      cityId: city.id,
      regionId: city.regionId,
      name: input.name,
      description: input.description ?? `${input.name}. Hyvässä kunnossa.`,
      priceCents: input.priceCents ?? (input.kind === 'give' ? 0 : 1000),
      status: input.status ?? 'active',
      language: input.language ?? 'fi',
      imageCount: input.imageCount ?? 0,
      kind: input.kind ?? 'sell',
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  return row!;
}

/** An ad's picture rows in their order. */
export function picturesOf(app: FastifyInstance, productId: number) {
  return app.services.database.db
    .select()
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(productImages.position);
}
