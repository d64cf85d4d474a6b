import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page, chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, MOBILE, baseURL, checkA11y, closeBrowser, hydrated, open, screenshot } from './browser';
import { approve, freshPage, mails, postAd, session, t } from './journey';

// The return loop of issue 29: a buyer saves a search on a phone, a seller posts a matching ad, a
// moderator approves it, and the buyer is called back: the bell counts it and the mail links to it.
// Also: the manifest and the service worker make the site installable, by Chromium's own checks
// (the ones Lighthouse's installability audit reads).

const BUYER = 'user@example.com';
const SELLER = 'seller@example.com';
// A word no demo ad has, so the saved search finds exactly this journey's ad.
const WORD = `retkiluistimet`;
const TITLE = `Retkiluistimet Lundhags ${Date.now().toString(36)}`;

afterAll(closeBrowser);

describe('saved search alerts: the site calls the buyer back', () => {
  let buyer: Page;
  let uuid = '';

  it('a buyer on a phone saves a search with instant alerts', async () => {
    buyer = await session(BUYER, `/?q=${WORD}`, { viewport: MOBILE });
    await buyer.getByRole('button', { name: t('saved_searches.save'), exact: true }).click();
    const dialog = buyer.getByRole('dialog', { name: t('saved_searches.dialog_title') });
    await dialog.waitFor();
    // The name field has the focus, where the eye is.
    expect(await dialog.getByLabel(t('saved_searches.fields.name')).evaluate((input) => input === document.activeElement)).toBe(true);
    await dialog.getByLabel(t('saved_searches.fields.alerts')).selectOption('instant');
    await checkA11y(buyer, 'save search dialog, phone');
    await screenshot(buyer, 'alerts-save-search-phone');
    await dialog.getByRole('button', { name: t('saved_searches.submit'), exact: true }).click();
    await buyer.getByText(t('saved_searches.messages.created')).first().waitFor();

    await open(buyer, '/saved-searches');
    await buyer.getByRole('link', { name: t('saved_searches.open_label', { name: WORD }) }).waitFor();
    await checkA11y(buyer, 'saved searches, phone');
  });

  it('a seller posts a matching ad, and a moderator approves it', async () => {
    const seller = await session(SELLER, '/my-showcase');
    uuid = await postAd(seller, TITLE);
    await seller.context().close();

    await approve(TITLE);
  });

  it("the buyer's bell shows 1, and the notification leads to the ad", async () => {
    const bell = buyer.getByRole('link', { name: t('notifications.badge_label', { count: 1 }) });
    // Instant alerts run from the queue within its poll (5 s here); the bell's count comes over the
    // realtime channel or with the next page.
    await expect
      .poll(
        async () => {
          if (await bell.count()) return true;
          await open(buyer, '/');
          return (await bell.count()) > 0;
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true);
    await screenshot(buyer, 'alerts-bell-phone');
    await bell.click();
    await buyer.waitForURL((url) => url.pathname === '/notifications');
    await hydrated(buyer);
    // The notification names the ad and opens the search's results, the new ad among them.
    await buyer.getByRole('link', { name: new RegExp(TITLE) }).click();
    await buyer.waitForURL((url) => url.pathname === '/' && url.searchParams.get('q') === WORD);
    await hydrated(buyer);
    await buyer.getByRole('article').filter({ hasText: TITLE }).getByRole('link').first().click();
    await buyer.waitForURL((url) => url.pathname === `/${uuid}`);
    await buyer.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  });

  it('the mail names the search, links to the ad and offers a one-click stop', async () => {
    await expect.poll(() => mails().some((m) => m.to.includes(BUYER) && m.text.includes(TITLE)), { timeout: 30_000 }).toBe(true);
    const mail = mails().find((m) => m.to.includes(BUYER) && m.text.includes(TITLE))!;
    expect(mail.subject).toBe(t('alerts.mail.subject_instant', { search: WORD, n: 1 }));
    const link = new RegExp(`https?://[^\\s]+/${uuid}`).exec(mail.text)?.[0];
    expect(link, 'the mail links to the ad').toBeTruthy();
    // RFC 8058: a mail program's one-click stop, without signing in.
    const headers = mail.raw.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/api\/saved-searches\/unsubscribe\?token=[^>]+>/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const page = await freshPage();
    const response = await open(page, new URL(link!).pathname);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.context().close();
    await buyer.context().close();
  });
});

describe('installable app', () => {
  it('the manifest and the service worker pass Chromium’s installability checks', async () => {
    // A profile on disk: Chromium never offers to install from an incognito context, and Lighthouse
    // runs in a normal profile too.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      baseURL,
      viewport: MOBILE,
      locale: 'fi-FI',
    });
    try {
      const page = await context.newPage();
      await open(page, '/');
      // The worker registers after load, when the page is idle.
      await page.waitForFunction(() => navigator.serviceWorker.getRegistration('/').then((r) => Boolean(r?.active)), undefined, {
        timeout: 30_000,
      });
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      // The same call Lighthouse's installable-manifest audit makes.
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});
