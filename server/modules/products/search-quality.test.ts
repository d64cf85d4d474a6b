import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products.ts';
import { createUser } from '../../test/accounts.ts';
import { type AdInput, createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

/** How people really type: compounds written apart or together, Swedish, synonyms across languages. */
let app: FastifyInstance;

const found = async (name: string) =>
  ((await app.inject({ method: 'POST', url: '/api/products', payload: { name } })).json().data as { name: string }[]).map((a) => a.name);

beforeAll(async () => {
  app = await buildTestApp();
  const seller = await createUser(app);
  const ads: Omit<AdInput, 'userId'>[] = [
    { name: 'Maasto pyörä 26 tuumaa', catalog: 'mountain-bikes' },
    { name: 'Lasten-pyörä punainen', catalog: 'childrens-bikes' },
    { name: 'Kesärenkaat 16" Nokian', catalog: 'tyres-and-rims' },
    { name: 'Soffa säljes', description: 'Bra skick, hämtas i Vasa.', catalog: 'sofas-and-armchairs', language: 'sv' },
    { name: 'Henkilöauto Toyota Corolla', catalog: 'passenger-cars' },
    { name: 'Jääkaappi Electrolux', catalog: 'sofas-and-armchairs' },
  ];
  for (const ad of ads) await createAd(app, { userId: seller.id, ...ad });
});
afterAll(() => app.close());

describe('search as people type', () => {
  it('finds a compound written apart or with a hyphen when the query writes it together', async () => {
    expect(await found('maastopyörä')).toContain('Maasto pyörä 26 tuumaa');
    expect(await found('lastenpyörä')).toContain('Lasten-pyörä punainen');
    // Through the search document (adjacent title words joined), not only through typo tolerance.
    const rows = await app.services.database.db
      .select({ doc: sql<string>`search_vector::text` })
      .from(products)
      .where(eq(products.name, 'Maasto pyörä 26 tuumaa'));
    expect(rows[0]!.doc).toContain("'maastopyörä'");
  });

  it('finds a compound from its parts, hyphenated or not', async () => {
    expect(await found('kesä-renkaat')).toContain('Kesärenkaat 16" Nokian');
    expect(await found('renkaat')).toContain('Kesärenkaat 16" Nokian');
  });

  it('understands Swedish inflection', async () => {
    expect(await found('soffor')).toContain('Soffa säljes');
  });

  it('maps common words across languages', async () => {
    expect(await found('bil')).toContain('Henkilöauto Toyota Corolla');
    expect(await found('kylmälaite')).toContain('Jääkaappi Electrolux');
    expect(await found('холодильник')).toContain('Jääkaappi Electrolux');
  });

  it('does not match unrelated ads', async () => {
    expect(await found('maastopyörä')).not.toContain('Kesärenkaat 16" Nokian');
    expect(await found('soffor')).not.toContain('Henkilöauto Toyota Corolla');
  });
});
