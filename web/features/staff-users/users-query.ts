import type { AdminUserSort } from '../../../server/modules/users/users.schemas';

/** The columns the list sorts by (the server's ADMIN_USER_SORTS). */
export const USER_SORTS = ['id', 'name', 'email', 'created_at', 'email_verified_at'] as const satisfies readonly AdminUserSort[];
export const USERS_PER_PAGE = 20;
const MAX_PAGE = 100_000;

export type YesNo = 'yes' | 'no' | '';

/**
 * The staff's user list as the address bar holds it (`?q=&role=&verified=&blocked=&sort=&dir=&page=`),
 * so back, forward and reload keep the search, the filters, the order and the page.
 */
export interface UsersQuery {
  q: string;
  role: string;
  verified: YesNo;
  blocked: YesNo;
  sort: AdminUserSort;
  dir: 'asc' | 'desc';
  page: number;
}

export const DEFAULT_USERS_QUERY: UsersQuery = { q: '', role: '', verified: '', blocked: '', sort: 'id', dir: 'desc', page: 1 };

const yesNo = (value: string | null): YesNo => (value === 'yes' || value === 'no' ? value : '');

/** Whatever is in the address bar, as a query the server accepts: unknown values fall back to the defaults. */
export function parseUsersQuery(params: URLSearchParams): UsersQuery {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '', 10);
  return {
    q: (params.get('q') ?? '').trim().slice(0, 200),
    role: (params.get('role') ?? '').slice(0, 60),
    verified: yesNo(params.get('verified')),
    blocked: yesNo(params.get('blocked')),
    sort: USER_SORTS.find((s) => s === sort) ?? DEFAULT_USERS_QUERY.sort,
    dir: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : DEFAULT_USERS_QUERY.dir,
    page: Number.isFinite(page) ? Math.min(MAX_PAGE, Math.max(1, page)) : 1,
  };
}

/** `?…` for a query, leaving out what equals the default (a clean address for the plain list). */
export function usersHref(query: UsersQuery): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'role', 'verified', 'blocked', 'sort', 'dir', 'page'] as const) {
    const value = query[key];
    if (value !== DEFAULT_USERS_QUERY[key]) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '?';
}

/** Text columns start A to Z; the id and the dates start with the newest. */
const FIRST_DIRECTION: Record<AdminUserSort, 'asc' | 'desc'> = {
  id: 'desc',
  name: 'asc',
  email: 'asc',
  created_at: 'desc',
  email_verified_at: 'desc',
};

/** A column header's link: the same column turns the order round, another starts with its own; back to page 1. */
export function sortHref(query: UsersQuery, column: AdminUserSort): string {
  const dir = query.sort === column ? (query.dir === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[column];
  return usersHref({ ...query, sort: column, dir, page: 1 });
}

/** Is the list narrowed by anything (so "clear" is worth showing)? */
export function isFiltered(query: UsersQuery): boolean {
  return query.q !== '' || query.role !== '' || query.verified !== '' || query.blocked !== '';
}

/** The service's input (POST /api/users) for a query. */
export function listInput(query: UsersQuery) {
  const flag = (value: YesNo) => (value === '' ? undefined : value === 'yes');
  return {
    current_page: query.page,
    per_page: USERS_PER_PAGE,
    search_by: query.q || undefined,
    filters: { role: query.role || undefined, verified: flag(query.verified), blocked: flag(query.blocked) },
    sort_by: query.sort,
    sort_direction: query.dir,
  };
}
