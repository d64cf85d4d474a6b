/**
 * Control characters a person never types: C0 controls other than tab, line feed and carriage
 * return, and DEL. A NUL cannot even be stored in PostgreSQL text; the others only smuggle.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/** The largest and smallest values of PostgreSQL's `integer`, the type of every id and count column. */
export const INT32_MAX = 2_147_483_647;
export const INT32_MIN = -2_147_483_648;

/** decodeURIComponent that keeps a malformed escape as it was written instead of throwing. */
export function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
