/**
 * An ad's category field values (issue 26): read from a seller's form, checked against the fields
 * of the ad's catalog, stored with their numbers beside them, and shown in the reader's language.
 * The selling module asks these while it saves an ad; the ad page and the cards while they show one.
 */
import {
  type AttributeDefinition,
  type AttributeValues,
  attributeValueProblem,
  checkAttributeValues,
  dayNumber,
} from '../../../common/attributes.ts';
import { cardHighlights, formatAttributeValues } from '../../../common/attribute-format.ts';
import type { FieldProblem } from '../../../common/ad-rules.ts';
import type { Locale } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import type { Db } from '../../db/client.ts';
import type { AttributesService } from './attributes.service.ts';
import type { AdValuesRepo } from './ad-values.repo.ts';

export type AttributeProblems = Record<string, FieldProblem[]>;

/** The ad whose values are read or shown. */
interface AdWithValues {
  catalogId: number;
  attributes: AttributeValues;
}

/** The translator of one language, in the shape the shared formatter takes. */
const tOf = (locale: Locale) => (key: string) => translate(locale, key);

/**
 * The `attributes` of a form: a JSON object, or (multipart and form-encoded bodies carry text) a
 * text holding one. Undefined when the form has none; a problem when the text is no JSON.
 */
export function readAttributesInput(raw: unknown): { given: false } | { given: true; input: unknown } | { problem: FieldProblem } {
  if (raw === undefined) return { given: false };
  if (typeof raw !== 'string') return { given: true, input: raw };
  if (raw.trim() === '') return { given: true, input: {} };
  try {
    return { given: true, input: JSON.parse(raw) as unknown };
  } catch {
    return { problem: { key: 'attributes.not_an_object' } };
  }
}

/** The numbers the index keeps for an ad: number fields' values and date fields' days. */
export function numbersOf(definitions: readonly AttributeDefinition[], values: AttributeValues): { key: string; value: number }[] {
  const out: { key: string; value: number }[] = [];
  for (const definition of definitions) {
    const value = values[definition.key];
    if (definition.type === 'number' && typeof value === 'number') out.push({ key: definition.key, value });
    if (definition.type === 'date' && typeof value === 'string') {
      const day = dayNumber(value);
      if (day !== undefined) out.push({ key: definition.key, value: day });
    }
  }
  return out;
}

/** Same values whatever the order of their keys. */
export function sameValues(a: AttributeValues, b: AttributeValues): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/**
 * The values an ad keeps when it moves to another catalog without new ones: those of the fields
 * the new catalog has that still pass them (a field of the same key may have other options there).
 */
export function valuesKeptOnMove(definitions: readonly AttributeDefinition[], values: AttributeValues): AttributeValues {
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => {
      const definition = byKey.get(key);
      return definition !== undefined && attributeValueProblem(definition, value) === undefined;
    }),
  );
}

/**
 * For a card, the fields marked for cards by catalog: a catalog's own and its ancestors', not
 * retired. Built from the definitions in memory and the catalog tree, once per answer.
 */
export function cardFieldsFinder(all: readonly AttributeDefinition[], parentOf: (id: number) => number | null | undefined) {
  const cardFields = all.filter((d) => d.card !== undefined && !d.retired);
  const found = new Map<number, AttributeDefinition[]>();
  return (catalogId: number): AttributeDefinition[] => {
    let fields = found.get(catalogId);
    if (!fields) {
      const path = new Set<number>();
      for (let id: number | null | undefined = catalogId; id != null && path.size < 8; id = parentOf(id)) path.add(id);
      fields = cardFields.filter((d) => path.has(d.catalogId));
      found.set(catalogId, fields);
    }
    return fields;
  };
}

/** A card's line of its most telling values ("2015", "180 000 km"). */
export function highlightsOf(fields: readonly AttributeDefinition[], values: AttributeValues | undefined, locale: Locale): string[] {
  if (!fields.length || !values) return [];
  return cardHighlights(fields, values, locale, tOf(locale));
}

export function createAdValues(deps: { attributes: AttributesService; repo: AdValuesRepo }) {
  const { attributes, repo } = deps;

  /**
   * The definitions to show an ad's values by: its catalog's fields (retired ones too), then for a
   * value whose key the catalog does not have (staff moved the ad, its values stay) a field of that
   * key anywhere in the tree, so nothing the seller told goes missing from the page.
   */
  async function definitionsToShow(ad: AdWithValues): Promise<AttributeDefinition[]> {
    const own = await attributes.forCatalog(ad.catalogId);
    const known = new Set(own.map((d) => d.key));
    const strays = Object.keys(ad.attributes).filter((key) => !known.has(key));
    if (!strays.length) return own;
    const all = await attributes.all();
    const others = strays.flatMap((key) => {
      const candidates = all.filter((d) => d.key === key);
      return candidates.find((d) => attributeValueProblem(d, ad.attributes[key]) === undefined) ?? candidates[0] ?? [];
    });
    return [...own, ...others];
  }

  return {
    /**
     * The values a new ad or an edit stores, checked against the catalog's fields: each problem
     * under `attributes.<key>`. `kept`: the ad's values so far (a retired field's value may stay).
     * An edit's input is the whole set; values of retired fields the form does not send stay.
     */
    async check(catalogId: number, raw: unknown, kept: AttributeValues = {}) {
      const read = readAttributesInput(raw);
      if ('problem' in read) return { values: {}, problems: { attributes: [read.problem] } as AttributeProblems };
      const definitions = await attributes.forCatalog(catalogId);
      const { values, problems } = checkAttributeValues(definitions, read.given ? read.input : {}, kept);
      const input = read.given && read.input && typeof read.input === 'object' ? (read.input as Record<string, unknown>) : {};
      for (const definition of definitions) {
        if (definition.retired && !(definition.key in input) && kept[definition.key] !== undefined) {
          values[definition.key] = kept[definition.key]!;
        }
      }
      const listed: AttributeProblems = Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, [problem]]));
      return { values, problems: listed };
    },

    /** The values an ad keeps when it moves to `catalogId` without new ones. */
    async keptOnMove(catalogId: number, values: AttributeValues): Promise<AttributeValues> {
      return valuesKeptOnMove(await attributes.forCatalog(catalogId), values);
    },

    /**
     * How to store the ad's values and their numbers (for range filters and sorting) in the caller's
     * transaction. The definitions are read first, before the transaction: reading them may query
     * the database, which inside a transaction on the one embedded connection would wait on itself.
     */
    async saver(catalogId: number, values: AttributeValues): Promise<(productId: number, tx: Db) => Promise<void>> {
      const numbers = numbersOf(await attributes.forCatalog(catalogId), values);
      return (productId, tx) => repo.save(productId, values, numbers, tx);
    },

    /** The ad page's list: each value with its field's label, formatted in the reader's language. */
    async shown(ad: AdWithValues, locale: Locale) {
      if (!Object.keys(ad.attributes).length) return [];
      return formatAttributeValues(await definitionsToShow(ad), ad.attributes, locale, tOf(locale));
    },
  };
}
export type AdValues = ReturnType<typeof createAdValues>;
