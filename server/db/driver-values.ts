/**
 * Values of a raw statement's row as either driver gives them: node-postgres parses arrays and
 * json, PGlite too, but a value can also come as its text form (a nested or computed column). One
 * reading for every repository that runs raw SQL.
 */

/** A text[] (or its text form `{a,"b c"}`); null stays null. */
export function textArray(value: readonly string[] | string | null): string[] | null {
  if (value === null) return null;
  if (Array.isArray(value)) return [...value];
  const inner = (value as string).replace(/^\{|\}$/gu, '');
  if (!inner) return [];
  return [...inner.matchAll(/"((?:[^"\\]|\\.)*)"|([^,]+)/gu)].map((m) => (m[1] !== undefined ? m[1].replace(/\\(.)/gu, '$1') : m[2]!));
}

/** An int[] (or its text form `{1,2}`); null stays null. */
export function intArray(value: readonly number[] | string | null): number[] | null {
  if (value === null) return null;
  if (Array.isArray(value)) return value.map(Number);
  return textArray(value as string)!.map(Number);
}

/** A json value (or its text); null stays null. */
export function jsonValue<T>(value: T | string | null): T | null {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
