import { redirect } from 'react-router';
import type { Route } from './+types/logout';

/** Log-out is a POST (a link or a prefetch must never end a session); a plain visit just goes home. */
export function loader() {
  return redirect('/');
}

/** Ends the session on the server, clears the cookie and goes home (spec section 4). */
export async function action({ context }: Route.ActionArgs) {
  await context.services.auth.logout(context.user ?? undefined);
  return redirect('/', { headers: { 'Set-Cookie': context.sessionCookies.clearSession() } });
}
