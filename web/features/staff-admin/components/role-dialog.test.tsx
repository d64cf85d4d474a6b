// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { ApiError, api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/use-translation';
import { toastStore } from '../../../lib/toasts';
import { RoleDialog } from './role-dialog';

const i18n = createI18n('en', { en });
const permissions = [
  { id: 1, name: 'reports.handle', description: '' },
  { id: 2, name: 'settings.manage', description: '' },
];
const admin = { roles: ['admin'], permissions: ['admin.access', 'roles.manage', 'reports.handle'] as const };

function open(role: Parameters<typeof RoleDialog>[0]['role'], onSaved = vi.fn(), close = vi.fn()) {
  render(
    <I18nProvider i18n={i18n}>
      <RoleDialog
        close={close}
        role={role}
        permissions={permissions}
        editor={{ ...admin, permissions: [...admin.permissions] }}
        onSaved={onSaved}
      />
    </I18nProvider>,
  );
  return { onSaved, close };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toastStore.set([]);
});

describe('RoleDialog', () => {
  it('locks the permissions the editor does not hold and sends the chosen ones', async () => {
    const create = vi.spyOn(api, 'createRole').mockResolvedValue({ message: 'Role "Tuki" created.', data: {} as never });
    const { onSaved, close } = open(null);
    expect(screen.getByRole('checkbox', { name: /Site settings/ })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Tuki' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Handle reports/ }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create role' })));
    expect(create).toHaveBeenCalledWith({ name: 'Tuki', permissions: ['reports.handle'] });
    expect(onSaved).toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
    expect(toastStore.get().map((toast) => toast.message)).toEqual(['Role "Tuki" created.']);
  });

  it('shows the server’s refusal under the field it is about and stays open', async () => {
    vi.spyOn(api, 'createRole').mockRejectedValue(
      new ApiError('Please check the highlighted fields.', 422, { errors: { slug: ['A role with this slug exists already.'] } }),
    );
    const { close } = open(null);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Tuki' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Slug/ }), { target: { value: 'moderator' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create role' })));
    const slug = screen.getByRole('textbox', { name: /Slug/ });
    await waitFor(() => expect(slug.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('A role with this slug exists already.')).toBeTruthy();
    expect(close).not.toHaveBeenCalled();
  });

  it('sends only what changed when editing, and nothing at all when nothing did', async () => {
    const update = vi.spyOn(api, 'updateRole').mockResolvedValue({ message: 'Saved.', data: {} as never });
    const role = { id: 9, slug: 'tuki', name: 'Tuki', built_in: false, permissions: ['reports.handle'], users_count: 2 };
    const { close } = open(role);
    expect(screen.getByRole('textbox', { name: /Slug/ })).toHaveProperty('readOnly', true);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(update).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
    cleanup();
    open(role);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Asiakastuki' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(update).toHaveBeenCalledWith(9, { name: 'Asiakastuki' });
  });
});
