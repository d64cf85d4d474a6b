// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../i18n/en.json';
import { ApiError, api } from '../../../lib/api-client';
import { createI18n } from '../../../lib/i18n';
import { toastStore } from '../../../lib/toasts';
import { I18nProvider } from '../../../lib/use-translation';
import type { RoleItem } from '../role-rules';
import { DeleteRoleDialog } from './delete-role-dialog';

const i18n = createI18n('en', { en });
const role = (id: number, slug: string, users_count: number): RoleItem => ({
  id,
  slug,
  name: slug,
  built_in: false,
  permissions: [],
  users_count,
});

function open(deleting: RoleItem) {
  const onDeleted = vi.fn();
  const close = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <DeleteRoleDialog close={close} role={deleting} targets={[role(2, 'editor', 0)]} onDeleted={onDeleted} />
    </I18nProvider>,
  );
  const confirm = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete role' })));
  return { onDeleted, close, confirm };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toastStore.set([]);
});

describe('DeleteRoleDialog', () => {
  it('asks which role the holders get before calling the server', async () => {
    const remove = vi.spyOn(api, 'deleteRole');
    const { confirm } = open(role(1, 'support', 3));
    await confirm();
    expect(remove).not.toHaveBeenCalled();
    const select = screen.getByRole('combobox', { name: 'Move its users to' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(select.getAttribute('aria-describedby')!)?.textContent).toBe('Choose a role');
  });

  it('shows a refusal about the role itself under the choice, keeps the choice and stays open', async () => {
    vi.spyOn(api, 'deleteRole').mockRejectedValue(
      new ApiError('Please check the highlighted fields.', 422, { errors: { role: ['This role is built in.'] } }),
    );
    const { close, confirm } = open(role(1, 'support', 3));
    const select = screen.getByRole('combobox', { name: 'Move its users to' }) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: '2' } });
    await confirm();
    expect(api.deleteRole).toHaveBeenCalledWith(1, 2);
    expect(select.value).toBe('2');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This role is built in.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(close).not.toHaveBeenCalled();
  });

  it('puts a failure no field explains above the buttons', async () => {
    vi.spyOn(api, 'deleteRole').mockRejectedValue(new ApiError('Server error', 500, undefined));
    const { close, confirm } = open(role(1, 'support', 0));
    await confirm();
    expect(screen.getByRole('alert').textContent).toBe('Server error');
    expect(close).not.toHaveBeenCalled();
  });

  it('deletes, toasts, reloads the list and closes', async () => {
    vi.spyOn(api, 'deleteRole').mockResolvedValue({ message: 'Role deleted.' } as never);
    const { onDeleted, close, confirm } = open(role(1, 'support', 0));
    await confirm();
    expect(api.deleteRole).toHaveBeenCalledWith(1, undefined);
    expect(toastStore.get().map((toast) => toast.message)).toEqual(['Role deleted.']);
    expect(onDeleted).toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
  });
});
