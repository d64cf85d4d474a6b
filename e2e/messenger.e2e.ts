import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fi from '../web/i18n/fi.json' with { type: 'json' };
import { MOBILE, checkA11y, closeBrowser, hydrated, newPage, open, screenshot } from './browser';

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

/** Sends a message from the open conversation's composer with Enter, as a person would. */
async function write(page: Page, text: string): Promise<void> {
  const box = page.locator('textarea[name="text"]');
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe('');
}

const badge = (page: Page, count: number) => page.getByRole('link', { name: t('chat.badge_label', { count }) });
const stamp = Date.now().toString(36);

afterAll(closeBrowser);

describe('messenger: a buyer asks about an ad, the seller answers live, nothing is lost across a dropped connection', () => {
  let seller: Page;
  let buyer: Page;
  let ad: { uuid: string; name: string };
  let roomPath = '';
  /** While true, the buyer's socket cannot reach the server: its connections are cut and refused. */
  let outage = false;
  const buyerSockets: WebSocketRoute[] = [];

  beforeAll(async () => {
    seller = await newPage({ locale: 'fi-FI', extraHTTPHeaders: { 'accept-language': 'fi' } });
    buyer = await newPage({ locale: 'fi-FI', viewport: MOBILE, extraHTTPHeaders: { 'accept-language': 'fi' } });
    for (const page of [seller, buyer]) {
      await page.context().addCookies([{ name: 'consent', value: 'granted', url: process.env.E2E_BASE_URL! }]);
    }
    // The buyer's socket goes through the test, which can cut it as a dropped network would.
    await buyer.routeWebSocket(/\/ws$/, (socket) => {
      if (outage) {
        void socket.close({ code: 1006 });
        return;
      }
      socket.connectToServer();
      buyerSockets.push(socket);
    });
    await logIn(seller, 'seller@example.com', '/messenger');
    // One of the seller's own active ads, read the way the seller's showcase reads them.
    const mine = await seller.request.get('/api/user-products');
    const active = ((await mine.json()).data as { uuid: string; name: string; status: string }[]).find((row) => row.status === 'active');
    ad = { uuid: active!.uuid, name: active!.name };
  });

  it('the buyer opens the ad, taps "send message", signs in and lands straight back on the first-message screen', async () => {
    await open(buyer, `/${ad.uuid}`);
    await buyer
      .getByRole('link', { name: t('ad.send_message') })
      .first()
      .click();
    await buyer.waitForURL((url) => url.pathname === '/login');
    await buyer.getByLabel(t('account.fields.email')).fill('editor@example.com');
    await buyer.getByLabel(t('account.fields.password'), { exact: true }).fill(DEMO_PASSWORD);
    await buyer.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
    await buyer.waitForURL((url) => url.pathname === `/channel/product/${ad.uuid}`);
    await hydrated(buyer);
    await buyer.getByText(ad.name).first().waitFor();
  });

  it('the first message opens the room; the seller sees it appear in the room list without reloading', async () => {
    const question = `Onko tämä vielä myynnissä? ${stamp}`;
    await write(buyer, question);
    await buyer.waitForURL((url) => /^\/channel\/\d+$/.test(url.pathname));
    roomPath = new URL(buyer.url()).pathname;
    await buyer.getByText(question).waitFor();
    // The conversation page took over with the buyer still writing: the focus is in its box, not on <body>.
    await expect.poll(() => buyer.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');

    await seller.getByText(question).waitFor();
    await badge(seller, 1).waitFor();
    await screenshot(seller, 'messenger-seller-list');
    await checkA11y(seller, 'messenger room list');
  });

  it('the seller opens the room and answers; the buyer sees the answer without reloading, and "read" on the question', async () => {
    await seller.getByText(`Onko tämä vielä myynnissä? ${stamp}`).click();
    await seller.waitForURL((url) => url.pathname === roomPath);
    await hydrated(seller);
    const answer = `On vielä, tervetuloa katsomaan! ${stamp}`;
    await write(seller, answer);
    await buyer.getByText(answer).waitFor();
    await buyer.getByText(t('chat.delivery.read')).first().waitFor();
    await screenshot(buyer, 'messenger-buyer-conversation');
    await checkA11y(buyer, 'messenger conversation');
  });

  it("the buyer's badge and room list count a new message while the buyer is on the list", async () => {
    await buyer
      .getByRole('link', { name: t('chat.back') })
      .first()
      .click();
    await buyer.waitForURL((url) => url.pathname === '/messenger');
    const more = `Pyörässä on uudet renkaat. ${stamp}`;
    await write(seller, more);
    await buyer.getByText(more).waitFor();
    await badge(buyer, 1).waitFor();
    await buyer
      .getByText(t('chat.unread_label', { count: 1 }))
      .first()
      .waitFor();
  });

  it('a dropped connection loses nothing: messages sent meanwhile appear once after it comes back', async () => {
    await buyer.getByText(`Pyörässä on uudet renkaat. ${stamp}`).click();
    await buyer.waitForURL((url) => url.pathname === roomPath);
    await hydrated(buyer);

    outage = true;
    for (const socket of buyerSockets.splice(0)) await socket.close({ code: 1006 });
    const missed = [`Katkon aikana 1 ${stamp}`, `Katkon aikana 2 ${stamp}`];
    for (const text of missed) await write(seller, text);
    // Still cut off: the buyer has not seen them.
    expect(await buyer.getByText(missed[0]!).count()).toBe(0);

    outage = false;
    for (const text of missed) await buyer.getByText(text).waitFor({ timeout: 45_000 });
    // Once each, in order, after everything before the drop.
    for (const text of missed) expect(await buyer.getByText(text).count()).toBe(1);
    const after = `Katkon jälkeen ${stamp}`;
    await write(seller, after);
    await buyer.getByText(after).waitFor();
    expect(await buyer.getByText(after).count()).toBe(1);
    const conversation = await buyer.locator('main').innerText();
    const position = (text: string) => conversation.indexOf(text);
    expect(position(`On vielä, tervetuloa katsomaan! ${stamp}`)).toBeGreaterThanOrEqual(0);
    expect(position(`On vielä, tervetuloa katsomaan! ${stamp}`)).toBeLessThan(position(missed[0]!));
    expect(position(missed[0]!)).toBeLessThan(position(missed[1]!));
    expect(position(missed[1]!)).toBeLessThan(position(after));
    await screenshot(buyer, 'messenger-after-reconnect');
  });
});
