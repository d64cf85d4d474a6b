import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import fi from '../web/i18n/fi.json' with { type: 'json' };
import { readMails } from '../server/test/accounts';
import { hydrated, newPage, open } from './browser';

/** What a journey needs again and again: Finnish texts, demo sessions, the server's mails. */

export const DEMO_PASSWORD = 'Kauppis#Demo2026';

/** A Finnish text by its key, with its {{params}} filled in: the journey reads what a Finnish user reads. */
export function t(key: string, params: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fi);
  return String(value).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name]));
}

/** A Finnish page in a fresh context that has answered the cookie banner, so the banner covers nothing. */
export async function freshPage(options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage({ locale: 'fi-FI', extraHTTPHeaders: { 'accept-language': 'fi' }, ...options });
  await page.context().addCookies([{ name: 'consent', value: 'granted', url: process.env.E2E_BASE_URL! }]);
  return page;
}

/** A demo account signed in through the log-in form, landed on `redirectTo`. */
export async function session(email: string, redirectTo: string, options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await freshPage(options);
  await open(page, `/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel(t('account.fields.email')).fill(email);
  await page.getByLabel(t('account.fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === new URL(redirectTo, 'http://x').pathname);
  await hydrated(page);
  return page;
}

/** The mails the server wrote to its data folder (the file mailer), as the API tests read them. */
export const mails = () => readMails({ config: { dataDir: process.env.E2E_DATA_DIR! } } as unknown as FastifyInstance);
