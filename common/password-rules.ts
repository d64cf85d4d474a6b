/**
 * The composition rules of spec section 5, without any Node.js import: the registration and
 * password screens import this file to tick the rules as the person types (the server still decides).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Translation keys under `validation.password_*`, one per rule of spec section 5. */
export type PasswordRule = 'min_length' | 'max_length' | 'letters' | 'mixed_case' | 'numbers' | 'symbols' | 'breached';

/** The composition rules; each broken rule gives its own message. */
export function brokenPasswordRules(password: string): PasswordRule[] {
  const broken: PasswordRule[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) broken.push('min_length');
  if ([...password].length > PASSWORD_MAX_LENGTH) broken.push('max_length');
  if (!/\p{L}/u.test(password)) broken.push('letters');
  else if (!(/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password))) broken.push('mixed_case');
  if (!/\p{N}/u.test(password)) broken.push('numbers');
  if (!/[^\p{L}\p{N}\s]/u.test(password)) broken.push('symbols');
  return broken;
}
