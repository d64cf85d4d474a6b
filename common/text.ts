/**
 * Control characters a person never types: C0 controls other than tab, line feed and carriage
 * return, and DEL. A NUL cannot even be stored in PostgreSQL text; the others only smuggle.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

/**
 * Half of a surrogate pair with no other half: JSON can write one (`"\ud800"`), JavaScript keeps
 * it, but it is no character at all and PostgreSQL refuses it in text and jsonb alike. A whole pair
 * (an emoji, 😀) is fine.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * Why a text a person sent cannot be kept, as the translation key of the field's message, or
 * undefined when it can: the one rule every text of a request meets, whatever its schema says.
 */
export function unstorableTextKey(text: string): 'validation.control_characters' | 'validation.unstorable_text' | undefined {
  if (hasControlCharacter(text)) return 'validation.control_characters';
  if (hasLoneSurrogate(text)) return 'validation.unstorable_text';
  return undefined;
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
