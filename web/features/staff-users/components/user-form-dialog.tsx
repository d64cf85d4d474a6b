import { type FormEvent, useId, useState } from 'react';
import { languageName, type Locale, LOCALES } from '../../../../common/locales';
import { FormDialog } from '../../../components/form-dialog';
import { CheckboxField, DialogActions, FormAlert, TextField, selectClass } from '../../../components/form-controls';
import { useApiSubmit } from '../../../hooks/use-api-submit';
import { api } from '../../../lib/api-client';
import type { DialogProps } from '../../../lib/dialogs';
import { showToast } from '../../../lib/toasts';
import { useTranslation } from '../../../lib/use-translation';
import { BASE_ROLES, type RoleChoice, type StaffActor, type StaffUser, roleEditable } from '../user-rules';
import { RoleName } from './role-badges';

export interface UserFormDialogProps {
  actor: StaffActor;
  roles: RoleChoice[];
  /** The account being edited; null creates one. */
  user: StaffUser | null;
  /** After the server has saved: the list reloads. */
  onSaved: () => void;
}

type Errors = Record<string, string[]>;

/** The fields the form shows errors under; anything else the server says goes above the buttons. */
const FORM_FIELDS = ['name', 'surname', 'email', 'phone', 'roles', 'email_verified'];

/**
 * Create user (an on-demand dialog of the spec) and edit user: name, surname, e-mail (and phone when
 * editing), the roles as boxes (those the actor may not give or take are shown but disabled).
 * A new account gets no password: the person receives a mail in the chosen language with a link
 * that sets it. The server's field errors show under their fields; other failures as a toast.
 */
export function UserFormDialog({
  actor,
  roles,
  user,
  onSaved,
  close,
  isOpen = true,
}: UserFormDialogProps & DialogProps & { isOpen?: boolean }) {
  const { t } = useTranslation();
  const rolesId = useId();
  const localeId = useId();
  const creating = user === null;
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(user ? user.roles.map((role) => role.slug) : []));
  // Every field the server names is kept: those the form has no place for show above the buttons.
  const { busy, errors, submit: send, fail } = useApiSubmit();
  // A new account's base role follows the address box, so its boxes are the other roles.
  const shown = creating ? roles.filter((role) => !BASE_ROLES.includes(role.slug)) : roles;
  const self = user?.id === actor.id;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const missing: Errors = {};
    if (!text('name')) missing.name = [t('validation.required')];
    if (!text('email')) missing.email = [t('validation.required')];
    if (!creating && chosen.size === 0) missing.roles = [t('admin_users.no_roles')];
    if (Object.keys(missing).length) return fail(missing);
    const refusal = await send(
      () =>
        creating
          ? api.createUser({
              name: text('name'),
              surname: text('surname') || null,
              email: text('email'),
              roles: [...chosen],
              email_verified: form.get('email_verified') === 'on',
              locale: (LOCALES.find((l) => l === form.get('locale')) ?? 'fi') as Locale,
            })
          : api.updateUser(user.id, {
              name: text('name'),
              surname: text('surname') || null,
              email: text('email'),
              phone: text('phone') || null,
              ...(self ? {} : { roles: [...chosen] }),
            }),
      (reply) => {
        showToast({ icon: 'success', message: reply.message });
        close();
        onSaved();
      },
    );
    // A failure that names no field is a toast: the form's alert is for the fields it cannot show.
    if (refusal?.message) showToast({ icon: 'error', message: refusal.message, timer: 5000 });
  }

  const toggle = (slug: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(slug);
      else next.delete(slug);
      return next;
    });

  return (
    <FormDialog
      title={creating ? t('admin_users.create.title') : t('admin_users.edit.title', { name: user.name })}
      isOpen={isOpen}
      onOpenChange={(open) => !open && close()}
      wide
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        {creating && <p className="text-sm text-muted">{t('admin_users.create.intro')}</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('admin_users.fields.name')}
            name="name"
            required
            maxLength={100}
            autoComplete="off"
            defaultValue={user?.name}
            errors={errors.name}
            autoFocus
          />
          <TextField
            label={t('admin_users.fields.surname')}
            optionalText={t('admin_users.fields.optional')}
            name="surname"
            maxLength={100}
            autoComplete="off"
            defaultValue={user?.surname ?? ''}
            errors={errors.surname}
          />
        </div>
        <TextField
          label={t('admin_users.fields.email')}
          name="email"
          type="email"
          inputMode="email"
          required
          maxLength={254}
          autoComplete="off"
          defaultValue={user?.email}
          errors={errors.email}
        />
        {!creating && (
          <TextField
            label={t('admin_users.fields.phone')}
            optionalText={t('admin_users.fields.optional')}
            name="phone"
            type="tel"
            inputMode="tel"
            maxLength={30}
            autoComplete="off"
            defaultValue={user.phone ?? ''}
            errors={errors.phone}
          />
        )}
        <fieldset aria-describedby={`${rolesId}-hint`}>
          <legend className="mb-1.5 text-sm font-medium">{t('admin_users.fields.roles')}</legend>
          <p id={`${rolesId}-hint`} className="mb-2 text-sm text-muted">
            {self ? t('admin_users.edit.own_roles') : creating ? t('admin_users.create.roles_hint') : t('admin_users.edit.roles_hint')}
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {shown.map((role) => {
              const editable = roleEditable(actor, user, role);
              return (
                <label
                  key={role.slug}
                  className={`flex min-h-11 items-center gap-3 rounded-lg border border-line px-3 py-2 text-sm ${editable ? 'cursor-pointer hover:border-brand' : 'bg-sunken text-muted'}`}
                >
                  <input
                    type="checkbox"
                    className="h-5 w-5 shrink-0 accent-[var(--brand)]"
                    checked={chosen.has(role.slug)}
                    disabled={!editable}
                    onChange={(event) => toggle(role.slug, event.target.checked)}
                  />
                  <RoleName role={role} />
                </label>
              );
            })}
          </div>
          {errors.roles && (
            <ul className="mt-1.5 text-sm text-danger">
              {errors.roles.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </fieldset>
        {creating && (
          <>
            <CheckboxField name="email_verified" label={t('admin_users.create.email_verified')} errors={errors.email_verified} />
            <div>
              <label htmlFor={localeId} className="mb-1.5 block text-sm font-medium">
                {t('admin_users.create.locale')}
              </label>
              <select id={localeId} name="locale" defaultValue="fi" className={`${selectClass} sm:max-w-60`}>
                {LOCALES.map((locale) => (
                  <option key={locale} value={locale}>
                    {languageName(locale)}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        {Object.entries(errors).some(([field, list]) => !FORM_FIELDS.includes(field) && list?.length) && (
          <FormAlert tone="error">
            {Object.entries(errors)
              .filter(([field]) => !FORM_FIELDS.includes(field))
              .flatMap(([, list]) => list ?? [])
              .join(' ')}
          </FormAlert>
        )}
        <DialogActions close={close} busy={busy} label={creating ? t('admin_users.create.submit') : t('admin_users.edit.submit')} />
      </form>
    </FormDialog>
  );
}
