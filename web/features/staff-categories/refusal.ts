import type { Refusal } from '../../hooks/use-api-submit';
import { ApiError } from '../../lib/api-client';

/**
 * A refusal from the category API, split for a form (the `refusal` of `useApiSubmit`): the errors
 * of the form's own fields go under them, everything else (a parent that is gone, a rule about the
 * tree) into one alert, shown beside the field errors.
 */
export function splitRefusal(error: unknown, formFields: readonly string[], fallback: string): Refusal {
  if (!(error instanceof ApiError)) return { errors: {}, message: fallback };
  const named = error.data?.errors ?? {};
  const errors: Record<string, string[]> = {};
  const other: string[] = [];
  for (const [field, messages] of Object.entries(named)) {
    if (formFields.includes(field)) errors[field] = messages;
    else other.push(...messages);
  }
  if (other.length) return { errors, message: other.join(' ') };
  return { errors, message: Object.keys(errors).length ? undefined : (error.data?.message ?? error.message) };
}
