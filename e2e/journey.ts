import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import fi from '../web/i18n/fi.json' with { type: 'json' };
import { readMails } from '../server/test/accounts';
import { expect } from 'vitest';
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

/** A new ad of the signed-in seller, as the wizard sends it (one picture drawn in the page); waits for review. Its uuid. */
export async function postAd(
  page: Page,
  title: string,
  description = 'Hyväkuntoinen, vähän käytetty. Nouto tai postitus.',
): Promise<string> {
  // A category and a town the seller already sells in.
  const own = (await page.evaluate(() => fetch('/api/user-products').then((r) => r.json()))) as {
    data: { catalog: { id: number }; city: { id: number } }[];
  };
  const ad = { data: own.data[0]! };
  const reply = await page.evaluate(
    async ({ title, description, catalogId, cityId }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 800;
      canvas.height = 600;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#2a6f97';
      context.fillRect(0, 0, 800, 600);
      context.fillStyle = '#f4d35e';
      context.fillRect(200, 150, 400, 300);
      const picture = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob!), 'image/jpeg', 0.9));
      const form = new FormData();
      form.set('name', title);
      form.set('description', description);
      form.set('price', '120');
      form.set('catalog_id', String(catalogId));
      form.set('city_id', String(cityId));
      form.append('files', picture, 'luistimet.jpg');
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const response = await fetch('/api/product', { method: 'POST', body: form, headers: { 'X-XSRF-TOKEN': xsrf } });
      return { status: response.status, body: (await response.json()) as { data: { uuid: string; status: string } } };
    },
    { title, description, catalogId: ad.data.catalog.id, cityId: ad.data.city.id },
  );
  expect(reply.status).toBe(201);
  expect(reply.body.data.status).toBe('moderate');
  return reply.body.data.uuid;
}

/** A moderator approves the ad of this title from the review queue. */
export async function approve(title: string): Promise<void> {
  const moderator = await session('moderator@example.com', '/admin/advertisements');
  const card = moderator.getByRole('article').filter({ hasText: title });
  await card.getByRole('button', { name: t('moderation.approve'), exact: true }).click();
  await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(0);
  await moderator.context().close();
}
