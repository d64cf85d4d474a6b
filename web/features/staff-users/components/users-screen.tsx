import { ArrowDown, ArrowUp, ArrowUpDown, Ban, Search, UserPlus, X } from 'lucide-react';
import { useId } from 'react';
import { Form, Link, useNavigation, useRevalidator, useSubmit } from 'react-router';
import type { AdminUserSort } from '../../../../server/modules/users/users.schemas';
import { FormAlert, inputClass, primaryButton, secondaryButton, selectClass } from '../../../components/form-controls';
import { Pagination } from '../../../components/pagination';
import { openDialog } from '../../../lib/dialogs';
import { formatDate } from '../../../lib/format';
import { roleName } from '../../../lib/role-name';
import { useTranslation } from '../../../lib/use-translation';
import { type RoleChoice, type StaffActor, type StaffUser, fullName } from '../user-rules';
import { DEFAULT_USERS_QUERY, type UsersQuery, isFiltered, sortHref } from '../users-query';
import { RoleBadges } from './role-badges';
import { UserActionsMenu } from './user-actions-menu';
import { UserFormDialog } from './user-form-dialog';

export interface UsersPage {
  data: StaffUser[];
  meta: { current_page: number; last_page: number; total: number };
}

const SORT_LABELS: Record<AdminUserSort, string> = {
  id: 'admin_users.columns.id',
  name: 'admin_users.columns.name',
  email: 'admin_users.columns.email',
  email_verified_at: 'admin_users.columns.verified',
  created_at: 'admin_users.columns.created',
};

function SortIcon({ query, column }: { query: UsersQuery; column: AdminUserSort }) {
  const active = query.sort === column;
  const Icon = active ? (query.dir === 'asc' ? ArrowUp : ArrowDown) : ArrowUpDown;
  return <Icon aria-hidden size={14} className={active ? 'text-brand' : 'text-muted'} />;
}

/** A column header that sorts: a link (works without JavaScript), with aria-sort on its cell. */
function SortHeader({ query, column }: { query: UsersQuery; column: AdminUserSort }) {
  const { t } = useTranslation();
  const active = query.sort === column;
  return (
    <th
      scope="col"
      aria-sort={active ? (query.dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className="px-3 py-2.5 font-semibold"
    >
      <Link to={sortHref(query, column)} preventScrollReset className="inline-flex items-center gap-1 rounded uppercase hover:text-brand">
        {t(SORT_LABELS[column])}
        <SortIcon query={query} column={column} />
      </Link>
    </th>
  );
}

/** On a phone the cards have no headers: the same sort links as a row of chips. */
function SortChips({ query }: { query: UsersQuery }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin_users.sort_label')} className="mt-3 flex flex-wrap items-center gap-2 md:hidden">
      <span className="text-sm text-muted">{t('admin_users.sort_label')}:</span>
      {(Object.keys(SORT_LABELS) as AdminUserSort[]).map((column) => (
        <Link
          key={column}
          to={sortHref(query, column)}
          preventScrollReset
          aria-current={query.sort === column ? 'true' : undefined}
          className={`inline-flex h-9 items-center gap-1 rounded-full border px-3 text-sm ${query.sort === column ? 'border-brand bg-brand-soft font-semibold' : 'border-line bg-raised'}`}
        >
          {t(SORT_LABELS[column])}
          <SortIcon query={query} column={column} />
        </Link>
      ))}
    </nav>
  );
}

function VerifiedCell({ user }: { user: StaffUser }) {
  const { t, i18n } = useTranslation();
  return user.email_verified_at ? (
    <span>{formatDate(user.email_verified_at, i18n.language)}</span>
  ) : (
    <span className="text-muted">{t('admin_users.not_verified')}</span>
  );
}

function BlockedBadge({ user }: { user: StaffUser }) {
  const { t } = useTranslation();
  if (!user.blocked) return null;
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-danger/15 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-danger"
      title={user.blocked_reason ?? undefined}
    >
      <Ban aria-hidden size={12} />
      {t('admin_users.blocked_badge')}
    </span>
  );
}

/** The filters: a search form that keeps its state in the address (a GET form); the selects apply at once. */
function Filters({ query, roles }: { query: UsersQuery; roles: RoleChoice[] }) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const id = useId();
  return (
    <Form
      method="get"
      role="search"
      aria-label={t('admin_users.filters.label')}
      className="mt-4 grid gap-3 rounded-2xl border border-line bg-raised p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]"
      onChange={(event) => {
        if ((event.target as HTMLElement).tagName === 'SELECT') void submit(event.currentTarget, { preventScrollReset: true });
      }}
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={`${id}-q`} className="mb-1.5 block text-sm font-medium">
          {t('admin_users.filters.search')}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          defaultValue={query.q}
          maxLength={200}
          placeholder={t('admin_users.filters.search_placeholder')}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor={`${id}-role`} className="mb-1.5 block text-sm font-medium">
          {t('admin_users.filters.role')}
        </label>
        <select id={`${id}-role`} name="role" defaultValue={query.role} className={selectClass}>
          <option value="">{t('admin_users.filters.any_role')}</option>
          {roles.map((role) => (
            <option key={role.slug} value={role.slug}>
              {roleName(role, t)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-verified`} className="mb-1.5 block text-sm font-medium">
          {t('admin_users.filters.verified')}
        </label>
        <select id={`${id}-verified`} name="verified" defaultValue={query.verified} className={selectClass}>
          <option value="">{t('admin_users.filters.any')}</option>
          <option value="yes">{t('admin_users.filters.verified_yes')}</option>
          <option value="no">{t('admin_users.filters.verified_no')}</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-blocked`} className="mb-1.5 block text-sm font-medium">
          {t('admin_users.filters.blocked')}
        </label>
        <select id={`${id}-blocked`} name="blocked" defaultValue={query.blocked} className={selectClass}>
          <option value="">{t('admin_users.filters.any')}</option>
          <option value="yes">{t('admin_users.filters.blocked_yes')}</option>
          <option value="no">{t('admin_users.filters.blocked_no')}</option>
        </select>
      </div>
      {query.sort !== DEFAULT_USERS_QUERY.sort && <input type="hidden" name="sort" value={query.sort} />}
      {query.dir !== DEFAULT_USERS_QUERY.dir && <input type="hidden" name="dir" value={query.dir} />}
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
        <button type="submit" className={`${primaryButton} flex-1 lg:flex-none`}>
          <Search aria-hidden size={18} />
          {t('admin_users.filters.submit')}
        </button>
        {isFiltered(query) && (
          <Link to="?" className={secondaryButton} aria-label={t('admin_users.filters.clear')} title={t('admin_users.filters.clear')}>
            <X aria-hidden size={18} />
          </Link>
        )}
      </div>
    </Form>
  );
}

/**
 * The staff's users screen: search (name, e-mail or id), filters (role, confirmed, blocked),
 * sortable columns, pages from the server, all in the address; a table on wide screens and
 * cards on a phone; each account's actions in its menu; "Create user" opens the dialog.
 */
export function UsersScreen({
  query,
  page,
  roles,
  actor,
}: {
  query: UsersQuery;
  /** Null when the list could not be loaded. */
  page: UsersPage | null;
  roles: RoleChoice[];
  actor: StaffActor;
}) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/users';
  const createUser = () => openDialog(UserFormDialog, { actor, roles, user: null, onSaved: () => void revalidator.revalidate() });

  return (
    <section aria-labelledby="admin-users-title" className="py-2 sm:py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="admin-users-title" className="text-2xl font-bold">
          {t('admin_users.title')}
        </h1>
        <button aria-haspopup="dialog" type="button" className={primaryButton} onClick={createUser}>
          <UserPlus aria-hidden size={18} />
          {t('admin_users.create.open')}
        </button>
      </div>
      <Filters key={JSON.stringify(query)} query={query} roles={roles} />

      {page === null ? (
        <div className="mt-4">
          <FormAlert tone="error">{t('admin_users.load_failed')}</FormAlert>
        </div>
      ) : (
        <div aria-busy={loading || undefined} className={loading ? 'opacity-60 transition-opacity' : undefined}>
          <SortChips query={query} />
          <p role="status" className="mt-3 text-sm text-muted">
            {t('admin_users.count', { count: page.meta.total })}
          </p>
          {page.data.length === 0 ? (
            <p className="mt-3 rounded-2xl border border-dashed border-line p-8 text-center text-muted">
              {isFiltered(query) ? t('admin_users.none_found') : t('admin_users.none')}
            </p>
          ) : (
            <>
              <div className="mt-3 hidden overflow-x-auto rounded-2xl border border-line bg-raised md:block">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{t('admin_users.table_caption')}</caption>
                  <thead className="border-b border-line bg-sunken text-xs tracking-wide text-muted uppercase">
                    <tr>
                      <SortHeader query={query} column="id" />
                      <SortHeader query={query} column="name" />
                      <SortHeader query={query} column="email" />
                      <th scope="col" className="px-3 py-2.5 font-semibold">
                        {t('admin_users.columns.roles')}
                      </th>
                      <SortHeader query={query} column="email_verified_at" />
                      <SortHeader query={query} column="created_at" />
                      <th scope="col" className="px-3 py-2.5">
                        <span className="sr-only">{t('admin_users.columns.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {page.data.map((user) => (
                      <tr key={user.id} className={user.blocked ? 'bg-danger/5' : undefined}>
                        <td className="px-3 py-2 text-muted tabular-nums">{user.id}</td>
                        <td className="px-3 py-2">
                          <div className="flex flex-wrap items-center gap-2">
                            <span className="font-medium">{fullName(user)}</span>
                            {user.id === actor.id && <span className="text-xs text-muted">({t('admin_users.you')})</span>}
                            <BlockedBadge user={user} />
                          </div>
                        </td>
                        <td className="px-3 py-2 break-all">{user.email}</td>
                        <td className="px-3 py-2">
                          <RoleBadges slugs={user.roles.map((r) => r.slug)} roles={roles} />
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap">
                          <VerifiedCell user={user} />
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap">{formatDate(user.created_at, i18n.language)}</td>
                        <td className="px-1 py-1 text-right">
                          <UserActionsMenu actor={actor} user={user} roles={roles} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>

              <ul aria-label={t('admin_users.table_caption')} className="mt-3 space-y-3 md:hidden">
                {page.data.map((user) => (
                  <li key={user.id} className={`rounded-2xl border bg-raised p-4 ${user.blocked ? 'border-danger/40' : 'border-line'}`}>
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <p className="flex flex-wrap items-center gap-2 font-semibold">
                          {fullName(user)}
                          {user.id === actor.id && <span className="text-xs font-normal text-muted">({t('admin_users.you')})</span>}
                          <BlockedBadge user={user} />
                        </p>
                        <p className="text-sm break-all text-muted">{user.email}</p>
                      </div>
                      <UserActionsMenu actor={actor} user={user} roles={roles} />
                    </div>
                    <div className="mt-2">
                      <RoleBadges slugs={user.roles.map((r) => r.slug)} roles={roles} />
                    </div>
                    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-muted">{t('admin_users.columns.id')}</dt>
                      <dd className="tabular-nums">{user.id}</dd>
                      <dt className="text-muted">{t('admin_users.columns.verified')}</dt>
                      <dd>
                        <VerifiedCell user={user} />
                      </dd>
                      <dt className="text-muted">{t('admin_users.columns.created')}</dt>
                      <dd>{formatDate(user.created_at, i18n.language)}</dd>
                      {user.blocked && user.blocked_reason && (
                        <>
                          <dt className="text-muted">{t('admin_users.block.reason')}</dt>
                          <dd className="break-words">{user.blocked_reason}</dd>
                        </>
                      )}
                    </dl>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Pagination page={page.meta.current_page} lastPage={page.meta.last_page} />
        </div>
      )}
    </section>
  );
}
