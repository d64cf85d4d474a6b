import { ApiError } from '../../lib/api-client';

/**
 * What to tell the person when the server refuses a message: its own words when it gave some (a
 * 403 says why: "verify your e-mail first", not only "access denied"), with the field errors.
 */
export function refusal(error: unknown): string {
  if (!(error instanceof ApiError)) return (error as Error).message;
  const own = error.data?.message;
  if (error.status !== 403 || !own) return error.message;
  const details = error.data?.errors ? Object.values(error.data.errors).flat() : [];
  return [own, ...details].join(' ');
}
