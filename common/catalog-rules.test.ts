import { describe, expect, it } from 'vitest';
import { CATALOG_SLUG_MAX, catalogSlugProblem, slugFromName, tidyCatalogName } from './catalog-rules.ts';

describe('catalog slugs', () => {
  it('makes a slug from a Finnish name: accents dropped, words joined by single dashes', () => {
    expect(slugFromName('Kodinkoneet & työkalut')).toBe('kodinkoneet-tyokalut');
    expect(slugFromName('  Åland — Ölandia 2 ')).toBe('aland-olandia-2');
    expect(slugFromName('Одежда')).toBe('');
    const long = slugFromName(`${'a'.repeat(59)} b`);
    expect(long.length).toBeLessThanOrEqual(CATALOG_SLUG_MAX);
    expect(long.endsWith('-')).toBe(false);
  });

  it('names what is wrong with a typed slug', () => {
    expect(catalogSlugProblem('garden-tools-2')).toBeUndefined();
    expect(catalogSlugProblem('x')).toBe('min_length');
    expect(catalogSlugProblem('x'.repeat(61))).toBe('max_length');
    for (const slug of ['Isot', 'a--b', '-a', 'a-', 'a b', 'ä-a', 'a_b']) expect(catalogSlugProblem(slug), slug).toBe('format');
  });

  it('tidies names: trimmed, inner spaces made one', () => {
    expect(tidyCatalogName('  Autot \n ja   veneet ')).toBe('Autot ja veneet');
  });
});
