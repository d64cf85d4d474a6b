import { type AppLoadContext, data, redirect } from 'react-router';
import { type Permission, can, isStaff } from '../../common/access';
import type { PageMeta } from './meta';

/**
 * Who may open a screen (spec section 2): everyone, the signed-in, visitors only, holders of any
 * staff permission (the admin area's frame and front page), or holders of one permission.
 */
export type Access = 'all' | 'login' | 'guest' | 'staff' | Permission;

/**
 * The route guards: a signed-out visitor on a login-required page goes to log-in (and comes back
 * after), a signed-in one on a guest page goes home, and staff pages are NotFound for everyone
 * the access policy does not let in.
 */
export function requireAccess(context: AppLoadContext, request: Request, access: Access): void {
  const user = context.user;
  if (access === 'all') return;
  if (access === 'login') {
    if (user) return;
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (access === 'guest') {
    if (user) throw redirect('/');
    return;
  }
  if (access === 'staff') {
    if (!isStaff(user)) throw notFound();
    return;
  }
  if (!can(user, access)) throw notFound();
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
