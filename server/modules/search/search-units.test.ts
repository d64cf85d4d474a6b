import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { normalizeUnits, unitTokens } from './search-units.ts';
import { finnishForms, searchTerms, synonymsFrom } from './search-terms.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const SAMPLES = [
  'Kesärenkaat 205/55 R16 Nokian',
  'Talvirenkaat 195/65-15 nastat',
  'iPhone 13 256 GB',
  'iPhone 11 64 Gt, musta',
  'Samsung 55" televisio',
  'Vanteet R17 5x108',
  'Näyttö 27 tuumaa',
  'Monitor 24 tum',
  'Kaksio 2h+k 45 m2',
  'Valoisa yksiö, 28 m²',
  'Tvåa i Vasa, 3 rum',
  'двушка, 2-комнатная квартира',
  'Talvitakki koko M',
  'Kengät koko 42',
  'Storlek 38 skor',
  'Размер 44 кроссовки',
  'Macbook Pro 1 Tt SSD',
  'Polkupyörä 28 tuuman renkailla',
  'Nothing to see here',
];

describe('numbers with units', () => {
  it('gives the same tokens in the database (ads) and in the server (queries)', async () => {
    for (const text of SAMPLES) {
      const result = await app.services.database.db.execute(sql`select search_units(${text}) as tokens`);
      const fromDb = (result as unknown as { rows: { tokens: string }[] }).rows[0]!.tokens;
      expect(unitTokens(text).join(' '), text).toBe(fromDb);
    }
  });

  it('writes every form of the same size as one token', () => {
    const one = (text: string) => [...new Set(unitTokens(text))];
    expect(one('17"')).toEqual(['17in']);
    expect(one('17 tuumaa')).toEqual(['17in']);
    expect(one('R17')).toEqual(['17in']);
    expect(one('256 GB')).toEqual(['256gb']);
    expect(one('256gb')).toEqual(['256gb']);
    expect(one('256 Gt')).toEqual(['256gb']);
    expect(one('205/55 R16')).toEqual(['205x55', '16in']);
    expect(one('kaksio')).toEqual(['2h']);
    expect(one('2h+k')).toEqual(['2h']);
    expect(one('koko 42')).toEqual(['size42']);
  });

  it('turns a query span into its token and keeps room words as words with their token', () => {
    expect(normalizeUnits('iphone 256 gt').text.trim().split(/\s+/)).toEqual(['iphone', '256gb']);
    const { text, aliases } = normalizeUnits('kaksio helsinki');
    expect(text).toBe('kaksio helsinki');
    expect(aliases.get('kaksio')).toEqual(['2h']);
  });
});

describe('query terms', () => {
  it('matches a unit token whole and weighs it less than a word', () => {
    const [iphone, size] = searchTerms('iphone 256 GB');
    expect(iphone!.words[0]).toBe('iphone');
    expect(iphone!.exact).toBe(false);
    expect(size).toMatchObject({ words: ['256gb'], exact: true });
    expect(size!.weight).toBeLessThan(1);
  });

  it('adds the synonyms of the table, and its phrases', () => {
    const synonyms = synonymsFrom([
      { groupId: 1, word: 'fillari' },
      { groupId: 1, word: 'polkupyörä' },
      { groupId: 2, word: 'talvirenkaat' },
      { groupId: 2, word: 'winter tyres' },
    ]);
    expect(searchTerms('fillari', synonyms)[0]!.words).toEqual(['fillari', 'polkupyörä']);
    expect(searchTerms('Winter tyres', synonyms)[0]!.words[0]).toBe('talvirenkaat');
  });

  it('gives the Finnish stem changes the stemmer misses, both ways', () => {
    expect(finnishForms('rengas')).toContain('renkaa');
    expect(finnishForms('renkaat')).toContain('rengas');
    expect(finnishForms('puhelin')).toContain('puhelime');
    expect(finnishForms('puhelimet')).toContain('puhelin');
    expect(finnishForms('sukset')).toContain('suksi');
    expect(finnishForms('huoneet')).toContain('huone');
  });
});
