import { useState } from 'react';
import { ApiError } from '../lib/api-client';

/** The field errors of a refused call (empty for any other failure). */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return error instanceof ApiError ? (error.data?.errors ?? {}) : {};
}

/** A failed call, split for a form: errors under its fields, and a message for the rest. */
export interface Refusal {
  errors: Record<string, string[]>;
  /** Shown above the form (or as a toast); none when the field errors say it all. */
  message?: string | undefined;
}

/** Every field the server names, and its message only when it names none. */
export function refusalOf(error: unknown): Refusal {
  const errors = fieldErrorsOf(error);
  return { errors, message: Object.keys(errors).length ? undefined : (error as Error).message };
}

/**
 * The split for a form that shows errors under some fields only: errors under any other key are
 * dropped, and the call's message shows when none of the form's fields has one. Give a list when
 * the server names the fields as the form does, or each field with the keys the server may use for
 * it (the first it names wins), e.g. `{ move_to: ['move_to', 'role'] }`.
 */
export function refusalFor(fields: readonly string[] | Record<string, readonly string[]>): (error: unknown) => Refusal {
  const keys: [string, readonly string[]][] = Array.isArray(fields)
    ? fields.map((field: string) => [field, [field]])
    : Object.entries(fields as Record<string, readonly string[]>);
  return (error) => {
    const named = fieldErrorsOf(error);
    const errors: Record<string, string[]> = {};
    for (const [field, serverKeys] of keys) {
      const found = serverKeys.map((key) => named[key]).find((list) => list?.length);
      if (found) errors[field] = found;
    }
    return { errors, message: Object.keys(errors).length ? undefined : (error as Error).message };
  };
}

/** The first error an API refusal carries for any field, else its message; `fallback` for any other failure. */
export function refusalText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const detail = error.data?.errors ? Object.values(error.data.errors).flat()[0] : undefined;
  return detail ?? error.data?.message ?? error.message;
}

/** The split for a form of one field: every refusal shows under it (`fallback` for a failure that is no refusal). */
export function refusalUnder(field: string, fallback: string): (error: unknown) => Refusal {
  return (error) => ({ errors: { [field]: [refusalText(error, fallback)] } });
}

/**
 * The state of a dialog form that sends one API call: busy while it runs, the refused fields, and a
 * message for a failure no field explains. `submit(call, done)` runs the call, hands its answer to
 * `done` on success, and keeps what was typed on failure; it resolves to the refusal (undefined on
 * success), for a form that toasts the message or moves focus. `refusal` splits a failure for the
 * form (default: `refusalOf`). `fail(errors)` shows the form's own checks before any call, and
 * `clearErrors()` takes the field errors away as the person edits; neither touches the message.
 */
export function useApiSubmit({ refusal = refusalOf }: { refusal?: (error: unknown) => Refusal } = {}) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [formMessage, setFormMessage] = useState<string>();

  async function submit<T>(call: () => Promise<T>, done: (reply: T) => void): Promise<Refusal | undefined> {
    setBusy(true);
    setErrors({});
    setFormMessage(undefined);
    try {
      done(await call());
      return undefined;
    } catch (error) {
      const refused = refusal(error);
      setErrors(refused.errors);
      setFormMessage(refused.message);
      return refused;
    } finally {
      setBusy(false);
    }
  }

  const fail = (found: Record<string, string[]>) => setErrors(found);
  const clearErrors = () => setErrors({});
  return { busy, errors, formMessage, submit, fail, clearErrors };
}
