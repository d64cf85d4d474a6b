import { Ban, EllipsisVertical, MailCheck, MailX, Pencil, ShieldCheck, Trash2, UserCheck } from 'lucide-react';
import { useState } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate, useRevalidator } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { api } from '../../../lib/api-client';
import { type DialogProps, openDialog } from '../../../lib/dialogs';
import { type ToastPosition, showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { type RoleChoice, type StaffActor, type StaffUser, type UserAction, fullName, userActions } from '../user-rules';
import { BlockDialog } from './block-dialog';
import { UserFormDialog } from './user-form-dialog';

const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-ink outline-none data-[focused]:bg-sunken data-[hovered]:bg-sunken';

/** "Delete X?": naming the person, and what goes with the account. */
function DeleteUserDialog({
  user,
  onConfirm,
  close,
  isOpen = true,
}: { user: StaffUser; onConfirm: () => void } & DialogProps & { isOpen?: boolean }) {
  const { t } = useTranslation();
  const name = fullName(user);
  return (
    <ConfirmDialog
      title={t('admin_users.delete.title', { name })}
      body={t('admin_users.delete.body', { name, email: user.email })}
      confirmLabel={t('admin_users.delete.confirm')}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      onConfirm={onConfirm}
    />
  );
}

/**
 * One account's actions (react-aria menu: arrow keys, Escape, focus back on the button): edit,
 * confirm or unconfirm the address, block or unblock, act as the person, delete. Only what the
 * server would allow this staff member is offered.
 */
export function UserActionsMenu({ actor, user, roles }: { actor: StaffActor; user: StaffUser; roles: RoleChoice[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const actions = userActions(actor, user);
  const name = fullName(user);
  const reload = () => void revalidator.revalidate();

  async function run(
    call: () => Promise<{ message: string }>,
    after: () => Promise<void> | void = reload,
    position: ToastPosition = 'top-end',
  ) {
    setBusy(true);
    try {
      const reply = await call();
      showToast({ icon: 'success', message: reply.message, position });
      await after();
    } catch (error) {
      showToast({ icon: 'error', message: (error as Error).message, timer: 5000 });
      // Someone else may have changed or deleted the account meanwhile: show how it is now.
      reload();
    } finally {
      setBusy(false);
    }
  }

  function act(action: UserAction) {
    switch (action) {
      case 'edit':
        openDialog(UserFormDialog, { actor, roles, user, onSaved: reload });
        return;
      case 'verify':
        void run(() => api.toggleVerify(user.id, user.email_verified_at === null));
        return;
      case 'block':
        if (user.blocked) void run(() => api.toggleBlock(user.id, false));
        else openDialog(BlockDialog, { user, onBlocked: reload });
        return;
      case 'impersonate':
        // The session cookie is now the person's: the front page, loaded afresh, shows the banner.
        void run(
          () => api.impersonateTake(user.id),
          async () => {
            await navigate('/');
            await revalidator.revalidate();
          },
          // The banner with the way back appears at the top: the toast keeps clear of its button.
          'bottom',
        );
        return;
      case 'delete':
        openDialog(DeleteUserDialog, { user, onConfirm: () => void run(() => api.deleteUser(user.id)) });
        return;
    }
  }

  if (actions.length === 0) return null;
  const label = t('admin_users.actions.menu', { name });
  return (
    <MenuTrigger>
      <Button
        aria-label={label}
        isDisabled={busy}
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-ink hover:bg-sunken disabled:opacity-60 focus-ring data-[pressed]:bg-sunken"
      >
        <EllipsisVertical aria-hidden size={20} />
      </Button>
      <Popover
        placement="bottom end"
        offset={6}
        className="min-w-60 rounded-xl border border-line bg-raised p-1 text-ink shadow-lg outline-none"
      >
        <Menu aria-label={label} className="outline-none" onAction={(key) => act(key as UserAction)}>
          {actions.includes('edit') && (
            <MenuItem id="edit" data-opens-dialog className={itemClass}>
              <Pencil aria-hidden size={18} />
              {t('admin_users.actions.edit')}
            </MenuItem>
          )}
          {actions.includes('verify') && (
            <MenuItem id="verify" className={itemClass}>
              {user.email_verified_at ? <MailX aria-hidden size={18} /> : <MailCheck aria-hidden size={18} />}
              {t(user.email_verified_at ? 'admin_users.actions.unverify' : 'admin_users.actions.verify')}
            </MenuItem>
          )}
          {actions.includes('block') && (
            <MenuItem id="block" data-opens-dialog={user.blocked ? undefined : true} className={itemClass}>
              {user.blocked ? <ShieldCheck aria-hidden size={18} /> : <Ban aria-hidden size={18} />}
              {t(user.blocked ? 'admin_users.actions.unblock' : 'admin_users.actions.block')}
            </MenuItem>
          )}
          {actions.includes('impersonate') && (
            <MenuItem id="impersonate" className={itemClass}>
              <UserCheck aria-hidden size={18} />
              {t('admin_users.actions.impersonate', { name })}
            </MenuItem>
          )}
          {actions.includes('delete') && (
            <MenuItem id="delete" data-opens-dialog className={`${itemClass} text-danger`}>
              <Trash2 aria-hidden size={18} />
              {t('admin_users.actions.delete')}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
