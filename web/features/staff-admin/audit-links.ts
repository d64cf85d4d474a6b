import type { Permission } from '../../../common/access';

/** An ad an audit entry names, as the server sends it with the entry. */
export interface AuditAd {
  id: number;
  uuid: string;
  name: string;
}

/** Where a thing an audit entry names may be opened, and the permission that page needs (none: the ad page, which decides itself). */
const PAGES: Record<string, { href: (id: string) => string; permission: Permission | null }> = {
  user: { href: (id) => `/admin/users?q=${encodeURIComponent(id)}`, permission: 'users.manage' },
  role: { href: () => '/admin/roles', permission: 'roles.manage' },
  report: { href: () => '/admin/reports?status=resolved', permission: 'reports.handle' },
  decision: { href: () => '/admin/reports?status=appeals', permission: 'reports.handle' },
  rating: { href: () => '/admin/reports?status=resolved', permission: 'reports.handle' },
  catalog: { href: () => '/admin/categories', permission: 'categories.manage' },
  catalog_attribute: { href: () => '/admin/categories', permission: 'categories.manage' },
  blog_post: { href: (id) => `/admin/blog/edit/${encodeURIComponent(id)}`, permission: 'blog.manage' },
  blog_category: { href: () => '/admin/blog/category', permission: 'blog.manage' },
  // An info page's id is "slug/locale", the editor's own address.
  info_page: { href: (id) => `/admin/pages/${id.split('/').map(encodeURIComponent).join('/')}`, permission: 'pages.manage' },
  app_settings: { href: () => '/admin/app-settings', permission: 'settings.manage' },
};

/**
 * The address of a thing an audit entry names (its target, a report's subject, a field holding an
 * id), or null when there is none or the reader may not open it: an ad opens on its own page (it
 * must be one the server found), the rest on the admin page that manages them.
 */
export function auditSubjectHref(
  type: string,
  id: string | number | null,
  ads: readonly AuditAd[],
  permissions: readonly Permission[],
): string | null {
  if (type === 'product') {
    const ad = ads.find((item) => String(item.id) === String(id));
    return ad ? `/${ad.uuid}` : null;
  }
  const page = PAGES[type];
  if (!page || (page.permission && !permissions.includes(page.permission))) return null;
  if (id === null && type !== 'app_settings') return null;
  return page.href(String(id ?? ''));
}

/** Fields whose value is the id of something with a page of its own, and what kind of thing. */
export const ID_FIELDS: Readonly<Record<string, string>> = {
  product: 'product',
  banned_user: 'user',
  rater: 'user',
  hidden_rating: 'rating',
  rating: 'rating',
  decision: 'decision',
  moved_to: 'role',
};
