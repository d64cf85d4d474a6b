import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fi from '../web/i18n/fi.json' with { type: 'json' };
import { baseURL, closeBrowser, hydrated, newPage, open } from './browser';

const DEMO_PASSWORD = 'Kauppis#Demo2026';

/** A Finnish text by its key, with its {{params}} filled in: the journey reads what a Finnish user reads. */
function t(key: string, params: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fi);
  return String(value).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name]));
}

async function logIn(page: Page, email: string, redirectTo: string): Promise<void> {
  await open(page, `/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel(t('account.fields.email')).fill(email);
  await page.getByLabel(t('account.fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === redirectTo);
  await hydrated(page);
}

/** The id of a demo account, read the way a bearer client would (no browser involved). */
async function accountId(email: string): Promise<number> {
  const login = await fetch(`${baseURL}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const token = /(?:^|,\s*)session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error(`log-in as ${email} failed: ${login.status}`);
  const me = await fetch(`${baseURL}/api/user`, { headers: { authorization: `Bearer ${token}` } });
  return ((await me.json()) as { data: { id: number } }).data.id;
}

/**
 * A page on another site (localhost is another site than the server's 127.0.0.1) that tries every
 * way a page can make a browser call a URL with its cookies: a picture, a link, a GET form and a
 * script-driven top-level navigation.
 */
function hostileSite(target: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><title>Free stuff</title></head><body>
<img src="${target}" alt="">
<a id="link" href="${target}">Win a prize</a>
<form id="form" method="get" action="${target}"><button>Claim</button></form>
<script>if (location.search === '?auto') location.href = ${JSON.stringify(target)};</script>
</body></html>`;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ origin: `http://localhost:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** Who the browser's session is, asked from a page of the app itself. */
async function whoAmI(page: Page): Promise<{ email: string } | null> {
  return page.evaluate(async () => {
    const response = await fetch('/api/user', { headers: { accept: 'application/json' } });
    return response.ok ? ((await response.json()) as { data: { email: string } }).data : null;
  });
}

afterAll(closeBrowser);

describe('a page on another site cannot make a signed-in admin act as someone else', () => {
  let admin: Page;
  let person: { id: number; name: string };
  let hostile: Awaited<ReturnType<typeof hostileSite>>;

  beforeAll(async () => {
    person = { id: await accountId('user@example.com'), name: 'Ulla Käyttäjä' };
    hostile = await hostileSite(`${baseURL}/api/impersonate/take/${person.id}`);
    admin = await newPage({ locale: 'fi-FI', extraHTTPHeaders: { 'accept-language': 'fi' } });
    await admin.context().addCookies([{ name: 'consent', value: 'granted', url: baseURL }]);
    await logIn(admin, 'admin@example.com', '/admin/users');
  });

  afterAll(async () => {
    await admin?.context().close();
    await hostile?.close();
  });

  async function expectStillThemselves() {
    await open(admin, '/');
    expect(await whoAmI(admin)).toMatchObject({ email: 'admin@example.com' });
    expect(await admin.getByRole('region', { name: t('impersonation.banner_label') }).count()).toBe(0);
  }

  it('a picture on the page changes nothing', async () => {
    await admin.goto(hostile.origin);
    await admin.waitForLoadState('load');
    await expectStillThemselves();
  });

  it('following a link, submitting a GET form or being sent there by a script is refused', async () => {
    for (const [how, go] of [
      ['link', () => admin.click('#link')],
      ['form', () => admin.click('#form button')],
      ['script', () => admin.goto(`${hostile.origin}/?auto`)],
    ] as const) {
      if (how !== 'script') await admin.goto(hostile.origin);
      const [response] = await Promise.all([admin.waitForResponse((r) => r.url().startsWith(`${baseURL}/api/impersonate/take/`)), go()]);
      // The refusal is the page the browser lands on.
      await admin.waitForURL((url) => url.pathname.startsWith('/api/impersonate/take/'));
      // Chromium sends Fetch Metadata to this address: the navigation is refused as one from another site.
      expect(response.status(), how).toBe(403);
      expect(((await response.json()) as { code: string }).code, how).toBe('cross_site_request');
      expect(response.headers()['set-cookie'] ?? '', how).not.toMatch(/(?:^|\n)session=/);
      await expectStillThemselves();
    }
  });

  it('the way back cannot be forced either, and the app’s own “act as” still works', async () => {
    await admin.goto(hostile.origin);
    const [leave] = await Promise.all([
      admin.waitForResponse((r) => r.url() === `${baseURL}/api/impersonate/leave`),
      admin.evaluate((url) => {
        location.href = url;
      }, `${baseURL}/api/impersonate/leave`),
    ]);
    await admin.waitForURL((url) => url.pathname === '/api/impersonate/leave');
    expect(leave.status()).toBe(403);
    await expectStillThemselves();

    // The staff screen's menu sends the token with its call: acting as the person works, and so does returning.
    await open(admin, '/admin/users?q=user%40example.com');
    await admin.getByRole('button', { name: t('admin_users.actions.menu', { name: person.name }) }).click();
    await admin.getByRole('menuitem', { name: t('admin_users.actions.impersonate', { name: person.name }) }).click();
    await admin.waitForURL((url) => url.pathname === '/');
    const banner = admin.getByRole('region', { name: t('impersonation.banner_label') });
    // The banner names the person by first name (the session's name), the menu by full name.
    await banner.getByText(t('impersonation.banner', { name: 'Ulla' })).waitFor();
    expect(await whoAmI(admin)).toMatchObject({ email: 'user@example.com' });
    await banner.getByRole('button', { name: t('impersonation.return') }).click();
    await admin.getByText(t('impersonation.left')).waitFor();
    await expectStillThemselves();
  });
});
