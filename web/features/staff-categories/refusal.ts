import { ApiError } from '../../lib/api-client';

/**
 * A refusal from the category API, split for a form: the errors of the form's own fields go under
 * them, everything else (a parent that is gone, a rule about the tree) into one alert.
 */
export function splitRefusal(
  error: unknown,
  formFields: readonly string[],
  fallback: string,
): { fields: Record<string, string[]>; alert: string | undefined } {
  if (!(error instanceof ApiError)) return { fields: {}, alert: fallback };
  const errors = error.data?.errors ?? {};
  const fields: Record<string, string[]> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    if (formFields.includes(field)) fields[field] = messages;
    else other.push(...messages);
  }
  if (other.length) return { fields, alert: other.join(' ') };
  return { fields, alert: Object.keys(fields).length ? undefined : (error.data?.message ?? error.message) };
}
