import { type AppLoadContext, data, redirect } from 'react-router';
import { ADMIN_ROLE_SLUGS, STAFF_ROLE_SLUGS } from '../../server/db/schema/roles';
import type { PageMeta } from './meta';

/** Who may open a screen (spec section 2). */
export type Access = 'all' | 'login' | 'guest' | 'staff' | 'admin';

/**
 * The route guards: a signed-out visitor on a login-required page goes to log-in (and comes back
 * after), a signed-in one on a guest page goes home, and admin pages are NotFound for everyone
 * but super admins and admins (`staff` pages, the ad moderation, also let moderators in).
 */
export function requireAccess(context: AppLoadContext, request: Request, access: Access): void {
  const user = context.user;
  switch (access) {
    case 'all':
      return;
    case 'login':
      if (!user) {
        const url = new URL(request.url);
        throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
      }
      return;
    case 'guest':
      if (user) throw redirect('/');
      return;
    case 'staff':
      if (!user?.roles.some((role) => STAFF_ROLE_SLUGS.includes(role))) throw notFound();
      return;
    case 'admin':
      if (!user?.roles.some((role) => ADMIN_ROLE_SLUGS.includes(role))) throw notFound();
      return;
  }
}

/** Throw it from a loader to render the NotFound page with a real 404 status. */
export function notFound() {
  return data(null, { status: 404 });
}

/** Title and description from `pages.<key>` in the request's language. */
export function pageMeta(
  context: AppLoadContext,
  key: string,
  path: string,
  options: { noindex?: boolean; params?: Record<string, string | number> } = {},
): PageMeta {
  const params = { site: context.site.siteName, ...options.params };
  return {
    title: context.t(`pages.${key}.title`, params),
    description: context.t(`pages.${key}.description`, params),
    path,
    ...(options.noindex ? { noindex: true } : {}),
  };
}

/** Loader of a screen that is not built yet: guarded like the real one, with its title. */
export function comingSoonLoader(key: string, access: Access) {
  return ({ context, request }: { context: AppLoadContext; request: Request }) => {
    requireAccess(context, request, access);
    return { meta: pageMeta(context, key, new URL(request.url).pathname, { noindex: access !== 'all' }), titleKey: `pages.${key}.title` };
  };
}
