import { useState } from 'react';
import { ApiError } from '../lib/api-client';

/** The field errors of a refused call (empty for any other failure). */
export function fieldErrorsOf(error: unknown): Record<string, string[]> {
  return error instanceof ApiError ? (error.data?.errors ?? {}) : {};
}

/**
 * The state of a dialog form that sends one API call: busy while it runs, the refused fields, and a
 * message for a failure no field explains. `submit(call, done)` runs the call, hands its answer to
 * `done` on success, and keeps what was typed on failure.
 */
export function useApiSubmit() {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string>();

  async function submit<T>(call: () => Promise<T>, done: (reply: T) => void): Promise<void> {
    setBusy(true);
    setErrors({});
    setFailure(undefined);
    try {
      done(await call());
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const formMessage = failure && Object.keys(errors).length === 0 ? failure : undefined;
  return { busy, errors, formMessage, submit };
}
