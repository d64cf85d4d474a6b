import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products } from '../../db/schema/products.ts';
import { createUser } from '../../test/accounts.ts';
import { type AdInput, createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { SYNONYMS_TTL_MS } from './synonym-cache.ts';

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
    // Typos, in any word of the query, against titles and descriptions (issue 16).
    { name: 'Helkama Jopo polkupyörä', catalog: 'city-bikes' },
    { name: 'Sohva myydään', description: 'Merkki Isku, väri vaaleanharmaa.', catalog: 'sofas-and-armchairs' },
    { name: 'Mountain bike Trek Fuel', description: 'Full suspension, size M.', catalog: 'mountain-bikes', language: 'en' },
    { name: 'Детская коляска Peg Perego', description: 'В хорошем состоянии.', catalog: 'sofas-and-armchairs', language: 'ru' },
    // Swedish inflection and compounds.
    { name: 'Damcykel 26 tum', description: 'Väl fungerande, nya däck.', catalog: 'city-bikes', language: 'sv' },
    { name: 'Hörnsoffa i grått tyg', description: 'Säljes pga flytt.', catalog: 'sofas-and-armchairs', language: 'sv' },
    { name: 'Vinterdäck på fälg 15 tum', catalog: 'tyres-and-rims', language: 'sv' },
    // Numbers with units, sizes and room counts.
    { name: 'Talvirenkaat 205/55 R16 Hakkapeliitta', catalog: 'tyres-and-rims' },
    { name: 'iPhone 14 256 GB sininen', catalog: 'sofas-and-armchairs' },
    { name: 'Samsung televisio 65"', catalog: 'sofas-and-armchairs' },
    { name: 'Juoksukengät Asics koko 42', catalog: 'sofas-and-armchairs' },
    { name: 'Valoisa kaksio Kalliossa', description: 'Vuokralle heti, 45 m2.', catalog: 'sofas-and-armchairs' },
    { name: 'Vuokrataan 3h+k Tampereelta', catalog: 'sofas-and-armchairs' },
    { name: 'Talvitakki Reima koko 128', catalog: 'sofas-and-armchairs' },
    // Colloquial and brand words.
    { name: 'Mercedes-Benz C 200 farmari', catalog: 'passenger-cars' },
    { name: 'Sony PlayStation 5 + 2 ohjainta', catalog: 'sofas-and-armchairs' },
    { name: 'Sony WH-1000XM4 kuulokkeet', catalog: 'sofas-and-armchairs' },
    { name: 'Elcykel Crescent', catalog: 'city-bikes', language: 'sv' },
    // Written with and without ä, ö and å.
    { name: 'Kesämökki järven rannalla', catalog: 'sofas-and-armchairs' },
    { name: 'Sahkopyora Tunturi', description: 'Myydaan toimiva sahkopyora, akku uusi.', catalog: 'city-bikes' },
    { name: 'Polkupyora 24 vaihteilla', catalog: 'city-bikes' },
    { name: 'Båtmotor Yamaha 4 hk', catalog: 'sofas-and-armchairs', language: 'sv' },
    // Inflected forms the stemmer leaves apart.
    { name: 'Vanha puhelin Nokia 3310', catalog: 'sofas-and-armchairs' },
    { name: 'Lasten sukset 120 cm', catalog: 'sofas-and-armchairs' },
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

describe('recall where it was weak (issue 16)', () => {
  it('forgives one or two wrong letters in any word of the query, titles and descriptions alike', async () => {
    expect(await found('helkma jopo')).toContain('Helkama Jopo polkupyörä');
    expect(await found('jopo polkupyöräa')).toContain('Helkama Jopo polkupyörä');
    expect(await found('iksu sohva')).toContain('Sohva myydään');
    expect(await found('moutain bike')).toContain('Mountain bike Trek Fuel');
    expect(await found('коляскаа')).toContain('Детская коляска Peg Perego');
    // Two letters swapped: too few shared trigrams, found from the word's first letters.
    expect(await found('iphnoe')).toContain('iPhone 13 Pro 128 Gt');
    expect(await found('sohav')).toContain('Sohva myydään');
    // A correction is a word some ad has, not anything near.
    expect(await found('helkma jopo')).not.toContain('Sohva myydään');
  });

  it('understands Swedish plurals, definite forms and the parts of compounds', async () => {
    expect(await found('cyklar')).toContain('Damcykel 26 tum');
    expect(await found('cykel')).toContain('Damcykel 26 tum');
    expect(await found('soffan')).toContain('Hörnsoffa i grått tyg');
    expect(await found('däck')).toContain('Vinterdäck på fälg 15 tum');
    expect(await found('vinterdäcken')).toContain('Vinterdäck på fälg 15 tum');
  });

  it('reads every way of writing a size as the same size', async () => {
    for (const q of ['205/55 R16', '205/55R16', 'talvirenkaat 16 tuumaa', 'r16 talvirenkaat']) {
      expect(await found(q), q).toContain('Talvirenkaat 205/55 R16 Hakkapeliitta');
    }
    for (const q of ['iphone 256gb', 'iphone 256 Gt', 'iPhone 256 GB']) expect(await found(q), q).toContain('iPhone 14 256 GB sininen');
    for (const q of ['65 tuumaa televisio', 'tv 65"', 'televisio 65 tum']) expect(await found(q), q).toContain('Samsung televisio 65"');
    expect(await found('kengät size 42')).toContain('Juoksukengät Asics koko 42');
    expect(await found('takki storlek 128')).toContain('Talvitakki Reima koko 128');
    // A different size is not the same thing.
    expect(await found('iphone 128gb', 'price_asc')).not.toContain('iPhone 14 256 GB sininen');
  });

  it('knows room counts in words and numbers, in four languages', async () => {
    expect(await found('2h')).toContain('Valoisa kaksio Kalliossa');
    expect(await found('tvåa')).toContain('Valoisa kaksio Kalliossa');
    expect(await found('двушка')).toContain('Valoisa kaksio Kalliossa');
    expect(await found('kolmio')).toContain('Vuokrataan 3h+k Tampereelta');
    expect(await found('kolmio')).not.toContain('Valoisa kaksio Kalliossa');
  });

  it('knows colloquial and brand words through the synonym table', async () => {
    expect(await found('mersu')).toContain('Mercedes-Benz C 200 farmari');
    expect(await found('мерседес')).toContain('Mercedes-Benz C 200 farmari');
    expect(await found('pleikkari')).toContain('Sony PlayStation 5 + 2 ohjainta');
    expect(await found('luurit')).toContain('Sony WH-1000XM4 kuulokkeet');
    expect(await found('наушники')).toContain('Sony WH-1000XM4 kuulokkeet');
    expect(await found('sähköpyörä')).toContain('Elcykel Crescent');
  });

  it('finds the base form from an inflected query and the other way round', async () => {
    expect(await found('puhelimet')).toContain('Vanha puhelin Nokia 3310');
    expect(await found('suksi')).toContain('Lasten sukset 120 cm');
    expect(await found('rengas')).toContain('Talvirenkaat 205/55 R16 Hakkapeliitta');
  });

  it('finds words typed without ä, ö and å, and ads written without them, the spelling as typed first', async () => {
    expect(await found('kesamokki')).toContain('Kesämökki järven rannalla');
    expect(await found('jarven rannalla')).toContain('Kesämökki järven rannalla');
    expect(await found('batmotor')).toContain('Båtmotor Yamaha 4 hk');
    expect(await found('sähköpyörä')).toContain('Sahkopyora Tunturi');
    const bikes = await found('polkupyora');
    expect(bikes[0]).toBe('Polkupyora 24 vaihteilla');
    expect(bikes).toContain('Helkama Jopo polkupyörä');
    const spelt = await found('polkupyörä');
    expect(spelt.indexOf('Helkama Jopo polkupyörä')).toBeLessThan(spelt.indexOf('Polkupyora 24 vaihteilla'));
    // Other letters still count: "kesamokki" is no "kesämekko".
    expect(await found('kesamokki')).not.toContain('Sohva myydään');
  });

  it('completes a word typed without ä, ö and å in the hints', async () => {
    const hints = async (query: string) =>
      ((await app.inject({ method: 'POST', url: '/api/search-hint', payload: { query } })).json().data as { text: string }[]).map(
        (h) => h.text,
      );
    expect(await hints('polkupyo')).toContain('Helkama Jopo polkupyörä');
    expect(await hints('kesamo')).toContain('Kesämökki järven rannalla');
  });

  it('answers hints for punctuation or emoji with none, and a 10,000-character text with 422', async () => {
    for (const query of ['🙂🚲', '!!!', '… —', '\u200b\u200b']) {
      const response = await app.inject({ method: 'POST', url: '/api/search-hint', payload: { query } });
      expect(response.statusCode, query).toBe(200);
      expect(response.json().data, query).toEqual([]);
    }
    expect((await app.inject({ method: 'POST', url: '/api/search-hint', payload: { query: 'a'.repeat(10_000) } })).statusCode).toBe(422);
  });

  it('reads the synonyms from the table, so staff can add a word', async () => {
    const db = app.services.database.db;
    expect(await found('kahvinkeitin')).toEqual([]);
    await db.execute(sql`insert into search_synonyms (group_id, word, language) values (900, 'kahvinkeitin', 'fi'), (900, 'jopo', 'fi')`);
    // The service reads the table again after a minute.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + SYNONYMS_TTL_MS + 1_000);
      expect(await found('kahvinkeitin')).toContain('Helkama Jopo polkupyörä');
    } finally {
      vi.useRealTimers();
    }
    await db.execute(sql`delete from search_synonyms where group_id = 900`);
  });
});
