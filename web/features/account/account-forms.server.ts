import type { AppLoadContext } from 'react-router';
import type { CurrentUser } from '../../../server/platform/current-user';
import { Type } from 'typebox';
import { ForgotBody, LoginBody, PasswordBody, RegisterBody, ResetBody } from '../../../server/modules/auth/auth.schemas';
import { DeleteAccountBody, ProfileBody } from '../../../server/modules/users/users.schemas';
import { readForm } from '../../lib/forms.server';
import { requireAccess } from '../../lib/page.server';

/** The guard of the settings pages and actions, giving the session as the services want it. */
export function requireCurrentUser(context: AppLoadContext, request: Request): CurrentUser {
  requireAccess(context, request, 'login');
  // A signed-in page request always carries its session (load-context fills both together).
  return context.user!;
}

/** The account forms, read and checked with the schemas of the API calls they stand for. */
export const loginForm = (form: FormData) => readForm(form, LoginBody, { email: 'text', password: 'password', remember: 'checkbox' });
export const registerForm = (form: FormData) =>
  readForm(form, RegisterBody, { name: 'text', email: 'text', password: 'password', password_confirmation: 'password', terms: 'checkbox' });
export const forgotForm = (form: FormData) => readForm(form, ForgotBody, { email: 'text' });
// The token comes from the link's path, not from the form.
const ResetForm = Type.Omit(ResetBody, ['token']);
export const resetForm = (form: FormData) =>
  readForm(form, ResetForm, { email: 'text', password: 'password', password_confirmation: 'password' });
// An account with a password must give it to set a new one; one that only signs in with Google sets its first.
const ChangePasswordForm = Type.Object({ ...PasswordBody.properties, current_password: Type.String({ minLength: 1, maxLength: 1024 }) });
export const passwordForm = (form: FormData, hasPassword: boolean) =>
  hasPassword
    ? readForm(form, ChangePasswordForm, { current_password: 'password', password: 'password', password_confirmation: 'password' })
    : readForm(form, PasswordBody, { password: 'password', password_confirmation: 'password' });
export const profileForm = (form: FormData) =>
  readForm(form, ProfileBody, {
    name: 'text',
    surname: 'optional',
    phone: 'optional',
    city_id: 'integer',
    street: 'optional',
    birthday: 'optional',
    notify_messages: 'checkbox',
    show_phone: 'checkbox',
    // The form always says whether one sells as a business: unticked clears the company details.
    trader: 'checkbox',
    company_name: 'optional',
    business_id: 'optional',
    company_address: 'optional',
    company_email: 'optional',
    company_phone: 'optional',
  });
export const deleteAccountForm = (form: FormData) => readForm(form, DeleteAccountBody, { password: 'password', email: 'text' });
