// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../components/dialog-host';
import en from '../../../i18n/en.json';
import { ApiError, api } from '../../../lib/api-client';
import { dialogStore } from '../../../lib/dialogs';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { toastStore } from '../../../lib/toasts';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSIONS, type RoleSlug } from '../../../../common/access';
import type { RoleChoice, StaffActor, StaffUser } from '../user-rules';
import { parseUsersQuery } from '../users-query';
import { type UsersPage, UsersScreen } from './users-screen';

const i18n = createI18n('en', { en });
const ROLES: RoleChoice[] = ['superAdmin', 'admin', 'moderator', 'editor', 'user', 'unverified'].map((slug) => ({
  slug,
  name: slug,
  built_in: true,
  permissions: DEFAULT_ROLE_PERMISSIONS[slug as RoleSlug],
}));
const admin: StaffActor = { id: 1, superAdmin: false, canImpersonate: true, permissions: [...PERMISSIONS] };

const person = (id: number, name: string, extra: Partial<StaffUser> = {}): StaffUser => ({
  id,
  name,
  surname: 'Virtanen',
  email: `${name.toLowerCase()}@example.com`,
  email_verified_at: '2026-11-01T10:00:00Z',
  avatar: null,
  phone: null,
  roles: [{ slug: 'user' }],
  permissions: [],
  created_at: '2026-10-01T10:00:00Z',
  blocked: false,
  blocked_at: null,
  blocked_reason: null,
  ...extra,
});

function renderScreen(page: UsersPage | null, search = '') {
  const router = createMemoryRouter(
    [
      {
        path: '/admin/users',
        element: (
          <>
            <UsersScreen query={parseUsersQuery(new URLSearchParams(search))} page={page} roles={ROLES} actor={admin} />
            <DialogHost />
          </>
        ),
      },
    ],
    { initialEntries: [`/admin/users${search ? `?${search}` : ''}`] },
  );
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

const PAGE: UsersPage = {
  data: [
    person(7, 'Aino', { blocked: true, blocked_at: '2026-11-02T10:00:00Z', blocked_reason: 'Roskapostia' }),
    person(8, 'Eino', {
      email_verified_at: null,
      roles: [{ slug: 'unverified' }, { slug: 'moderator' }],
      permissions: ['ads.moderate', 'reports.handle'],
    }),
  ],
  meta: { current_page: 1, last_page: 3, total: 41 },
};

beforeEach(() => {
  dialogStore.set([]);
  toastStore.set([]);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  dialogStore.set([]);
  toastStore.set([]);
});

describe('UsersScreen', () => {
  it('shows the page as a table with sortable headers, the blocked state and the pages', () => {
    renderScreen(PAGE, 'sort=name&dir=asc&q=ino');
    const table = screen.getByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Blocked')).toBeTruthy();
    expect(within(rows[2]!).getByText('Not confirmed')).toBeTruthy();
    expect(within(rows[2]!).getByText('Moderator')).toBeTruthy();
    const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(within(nameHeader).getByRole('link').getAttribute('href')).toBe('/admin/users?q=ino&sort=name');
    expect(screen.getByText('Users: 41')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/admin/users?sort=name&dir=asc&q=ino&page=2');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('ino');
  });

  it('gives every row’s menu button the shared focus ring', () => {
    renderScreen(PAGE);
    const buttons = screen.getAllByRole('button', { name: en.admin_users.actions.menu.replace('{{name}}', 'Aino Virtanen') });
    for (const button of buttons) {
      expect(button.classList.contains('focus-ring')).toBe(true);
      expect(button.classList.contains('outline-none')).toBe(false);
    }
  });

  it('says "An error occurred." when the list could not be loaded', () => {
    renderScreen(null);
    expect(screen.getByRole('alert').textContent).toBe('An error occurred.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('creates a user: top roles disabled for an admin, a refused address under its field, then a toast', async () => {
    const create = vi
      .spyOn(api, 'createUser')
      .mockRejectedValueOnce(
        new ApiError('Please check the highlighted fields.', 422, {
          message: 'Please check the highlighted fields.',
          errors: { email: ['An account with this e-mail address exists already.'] },
        }),
      )
      .mockResolvedValue({ message: 'User created. A link to set the password was sent to uusi@example.com.', data: PAGE.data[0]! });
    renderScreen(PAGE);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Create user' });
    expect((within(dialog).getByRole('checkbox', { name: 'Admin' }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Super admin' }) as HTMLInputElement).disabled).toBe(true);
    // The base roles follow the address box, so they are not offered.
    expect(within(dialog).queryByRole('checkbox', { name: 'User' })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'First name' }), { target: { value: 'Uusi' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'uusi@example.com' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Moderator' }));
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Language of the e-mail' }), { target: { value: 'ru' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    });
    expect(create).toHaveBeenLastCalledWith({
      name: 'Uusi',
      surname: null,
      email: 'uusi@example.com',
      roles: ['moderator'],
      email_verified: false,
      locale: 'ru',
    });
    const email = within(dialog).getByRole('textbox', { name: 'E-mail' });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('An account with this e-mail address exists already.')).toBeTruthy();

    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    });
    expect(create).toHaveBeenCalledTimes(2);
    expect(toastStore.get().map((toast) => toast.message)).toContain(
      'User created. A link to set the password was sent to uusi@example.com.',
    );
    expect(dialogStore.get().every((d) => !d.open)).toBe(true);
  });

  it('asks for the name and the address before calling the server', async () => {
    const create = vi.spyOn(api, 'createUser');
    renderScreen(PAGE);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    });
    const dialog = screen.getByRole('dialog', { name: 'Create user' });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    });
    expect(create).not.toHaveBeenCalled();
    expect(within(dialog).getAllByText('Field is required')).toHaveLength(2);
  });
});
