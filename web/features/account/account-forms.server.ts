import type { AppLoadContext } from 'react-router';
import type { CurrentUser } from '../../../server/modules/auth/auth.service';
import { AppError } from '../../../common/errors';
import { requireAccess } from '../../lib/page.server';

/** The guard of the settings pages and actions, giving the session as the services want it. */
export function requireCurrentUser(context: AppLoadContext, request: Request): CurrentUser {
  requireAccess(context, request, 'login');
  // A signed-in page request always carries its session (load-context fills both together).
  return context.user!;
}

type FieldKeys = Record<string, { key: string; params?: Record<string, string | number> }[]>;

// The same test as the API's `format: "email"` (ajv-formats, fast mode), so both paths agree.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/**
 * The outer checks the API's schemas make before a service runs (required, e-mail format,
 * lengths), for page actions that call the services in-process. The rules with their own
 * messages (password policy, phone, taken address) stay in the services.
 */
export function formChecks(form: FormData) {
  const fields: FieldKeys = {};
  const add = (field: string, key: string, params?: Record<string, string | number>) => {
    (fields[field] ??= []).push(params ? { key, params } : { key });
  };
  /** A text field; surrounding space is kept only for passwords (`raw`). */
  const text = (name: string, options: { raw?: boolean; max?: number; required?: boolean } = {}) => {
    const value = form.get(name);
    const string = typeof value === 'string' ? (options.raw ? value : value.trim()) : '';
    if (options.required && string === '') add(name, 'validation.required');
    else if (options.max !== undefined && [...string].length > options.max) add(name, 'validation.max_length', { limit: options.max });
    return string;
  };
  return {
    text,
    email(name = 'email') {
      const value = text(name, { required: true, max: 254 });
      if (value && !EMAIL.test(value)) add(name, 'validation.email');
      return value;
    },
    password(name: string) {
      return text(name, { raw: true, required: true, max: 1024 });
    },
    checked: (name: string) => form.get(name) === 'on' || form.get(name) === 'true',
    add,
    /** Throws the collected field errors as one 422, like the API's schema validation. */
    done() {
      if (Object.keys(fields).length > 0) throw new AppError('validation_failed', {}, fields);
    },
  };
}
