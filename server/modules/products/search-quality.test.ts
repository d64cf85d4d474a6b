import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema/products.ts';
import { createUser } from '../../test/accounts.ts';
import { type AdInput, createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

/** How people really type: compounds written apart or together, Swedish, synonyms across languages. */
let app: FastifyInstance;

const found = async (name: string, sort?: string) =>
  (
    (await app.inject({ method: 'POST', url: '/api/products', payload: { name, ...(sort ? { sort } : {}) } })).json().data as {
      name: string;
    }[]
  ).map((a) => a.name);

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
    // Ranking: the word itself against words that merely begin the same or share a stem.
    { name: 'AirPods Pro 2, takuuta jäljellä', description: 'Kuulokkeet toimivat hyvin.', catalog: 'sofas-and-armchairs' },
    { name: 'Naisten untuvatakki Luhta', catalog: 'sofas-and-armchairs' },
    { name: 'Takki ja housut, metsästys', catalog: 'sofas-and-armchairs' },
    { name: 'Radhus med nytt tak', description: 'Taket byttes 2020.', catalog: 'sofas-and-armchairs', language: 'sv' },
    { name: 'Hirsimökki, takka ja sauna', description: 'Takka lämmittää koko mökin.', catalog: 'sofas-and-armchairs' },
    // Any of the words, when no ad has all of them.
    { name: 'Talvirenkaat 185/65 R15 vanteilla', catalog: 'tyres-and-rims' },
    { name: 'Rostfri propeller 13 x 19', catalog: 'tyres-and-rims', language: 'sv' },
    { name: 'iPhone 11 64 Gt, musta', catalog: 'sofas-and-armchairs' },
    { name: 'iPhone 13 Pro 128 Gt', catalog: 'sofas-and-armchairs' },
    { name: 'Hundbädd ges bort', description: 'Två stycken, nästan nya.', catalog: 'sofas-and-armchairs', language: 'sv' },
    { name: 'Telkkari Samsung 55 tuumaa', catalog: 'sofas-and-armchairs' },
    { name: 'Lastenvaunut Emmaljunga', catalog: 'sofas-and-armchairs' },
    // Titles that never name the kind of thing: the category does.
    { name: 'Volvo V70 2.4D Summum', catalog: 'passenger-cars' },
    { name: 'Trek Marlin 7, koko L', catalog: 'mountain-bikes' },
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

describe('ranking and the fallback to any word', () => {
  it('puts the word itself first, and compounds of it before words that only begin the same or share a stem in another language', async () => {
    const takki = await found('takki');
    expect(takki[0]).toBe('Takki ja housut, metsästys');
    const jacket = takki.indexOf('Naisten untuvatakki Luhta');
    expect(jacket).toBeGreaterThan(0);
    // "takuu" only begins like "takki"; the Swedish "tak" (roof) is the Finnish stem of "takki".
    // ("takka" shares the Finnish stem itself: the stemmer cannot tell them apart.)
    for (const weaker of ['AirPods Pro 2, takuuta jäljellä', 'Radhus med nytt tak']) {
      if (takki.includes(weaker)) expect(takki.indexOf(weaker)).toBeGreaterThan(jacket);
    }
  });

  it('shows ads with any of the real words when none has them all, the one with more words first', async () => {
    expect(await found('talvirenkaat 16')).toContain('Talvirenkaat 185/65 R15 vanteilla');
    const iphone = await found('iphone 13 pro');
    expect(iphone[0]).toBe('iPhone 13 Pro 128 Gt');
    expect(iphone).toContain('iPhone 11 64 Gt, musta');
    // Numbers and short tokens alone never bring an ad in.
    expect(iphone).not.toContain('Rostfri propeller 13 x 19');
  });

  it('keeps every word required under an explicit sort', async () => {
    expect(await found('talvirenkaat 16', 'price_asc')).toEqual([]);
  });

  it('matches short words whole, not as the start of longer ones', async () => {
    const tv = await found('tv');
    expect(tv).toContain('Telkkari Samsung 55 tuumaa');
    expect(tv).not.toContain('Hundbädd ges bort');
  });

  it('knows Swedish and English names, phrases too, for common things', async () => {
    expect(await found('barnvagn')).toContain('Lastenvaunut Emmaljunga');
    expect(await found('vinterdäck')).toContain('Talvirenkaat 185/65 R15 vanteilla');
    expect(await found('winter tyres')).toContain('Talvirenkaat 185/65 R15 vanteilla');
  });
});

describe('the category as part of what an ad says', () => {
  it('finds an ad by the name of its category, in any of the site languages', async () => {
    expect(await found('car')).toContain('Volvo V70 2.4D Summum');
    expect(await found('henkilöauto')).toContain('Volvo V70 2.4D Summum');
    expect(await found('maastopyörä')).toContain('Trek Marlin 7, koko L');
    expect(await found('велосипед')).toContain('Trek Marlin 7, koko L');
  });

  it('ranks an ad that names the thing in its title above one that is only in the category', async () => {
    const cars = await found('henkilöauto');
    expect(cars.indexOf('Henkilöauto Toyota Corolla')).toBeLessThan(cars.indexOf('Volvo V70 2.4D Summum'));
  });
});
