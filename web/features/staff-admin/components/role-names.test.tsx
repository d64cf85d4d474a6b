// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fi from '../../../i18n/fi.json';
import ru from '../../../i18n/ru.json';
import { api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import type { RoleItem } from '../role-rules';
import { PermissionsMatrix } from './permissions-matrix';
import { RoleDialog } from './role-dialog';
import { RolesPage } from './roles-page';

const roles: RoleItem[] = [
  { id: 2, slug: 'admin', name: 'Admin', built_in: true, permissions: ['admin.access', 'categories.manage'], users_count: 1 },
  { id: 3, slug: 'moderator', name: 'Moderator', built_in: true, permissions: ['ads.moderate'], users_count: 4 },
  { id: 9, slug: 'tuki', name: 'Tuki', built_in: false, permissions: [], users_count: 0 },
];
const permissions = [
  { id: 1, name: 'admin.access', description: 'Open the admin area' },
  { id: 2, name: 'ads.moderate', description: 'See every ad' },
  { id: 11, name: 'categories.manage', description: 'Create, rename, move, reorder, hide, merge and delete ad categories' },
];
const editor = { roles: ['superAdmin'], permissions: ['admin.access', 'ads.moderate', 'categories.manage'] as const };

function inLanguage(code: 'fi' | 'ru', ui: React.ReactNode) {
  const i18n = createI18n(code, code === 'fi' ? { fi } : { ru });
  const router = createMemoryRouter([{ path: '/', element: <I18nProvider i18n={i18n}>{ui}</I18nProvider> }]);
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('role names in the reader’s language', () => {
  it('shows the built-in roles and every permission in Finnish on the roles page', () => {
    inLanguage(
      'fi',
      <RolesPage
        roles={roles}
        allRoles={roles}
        permissions={permissions}
        editor={{ ...editor, permissions: [...editor.permissions] }}
        page={1}
        lastPage={1}
        total={3}
      />,
    );
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.some((h) => h?.startsWith('Ylläpitäjä'))).toBe(true);
    expect(headings.some((h) => h?.startsWith('Moderaattori'))).toBe(true);
    expect(headings.some((h) => h?.startsWith('Tuki'))).toBe(true);
    expect(headings.some((h) => h?.startsWith('Admin'))).toBe(false);
    expect(screen.getByRole('list', { name: /Ylläpitäjä/ }).textContent).toContain('Kategoriat');
    expect(document.body.textContent).not.toContain('categories_manage');
  });

  it('heads the permissions table with the Russian role names and describes categories.manage in Russian', () => {
    inLanguage('ru', <PermissionsMatrix roles={roles} permissions={permissions} />);
    const header = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(header).toContain('Администратор');
    expect(header).toContain('Модератор');
    expect(header).not.toContain('Admin');
    const row = screen.getByRole('row', { name: /Категории/ });
    expect(within(row).getByText(/Создавать, переименовывать/)).toBeTruthy();
  });

  it('titles the dialog with the translated name and does not rename a built-in role after its translation', () => {
    const update = vi.spyOn(api, 'updateRole');
    inLanguage(
      'fi',
      <RoleDialog
        close={vi.fn()}
        role={roles[1]!}
        permissions={permissions}
        editor={{ ...editor, permissions: [...editor.permissions] }}
        onSaved={vi.fn()}
      />,
    );
    expect(screen.getByRole('dialog', { name: /Moderaattori/ })).toBeTruthy();
    const name = screen.getByRole('textbox', { name: /Nimi/ }) as HTMLInputElement;
    expect(name.value).toBe('Moderaattori');
    expect(name.readOnly).toBe(true);
    expect(update).not.toHaveBeenCalled();
  });
});
