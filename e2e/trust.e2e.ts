import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { MOBILE, checkA11y, closeBrowser, hydrated, open, screenshot } from './browser';
import { approve, freshPage, postAd, session, t } from './journey';

// Trust after a real deal (issue 25): a buyer and a seller talk, the seller marks the ad sold to
// that buyer, both rate each other, and the seller card shows the rating. A message that moves the
// deal to WhatsApp carries the scam guard's tip.

const SELLER = 'seller@example.com';
const BUYER = 'user@example.com';
const stamp = Date.now().toString(36);
const TITLE = `Lumilautasetti Burton ${stamp}`;

/** Sends a message from the open conversation's composer with Enter, as a person would. */
async function write(page: Page, text: string): Promise<void> {
  const box = page.locator('textarea[name="text"]');
  await box.fill(text);
  await box.press('Enter');
  await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe('');
}

/** Rates the deal of the open room: stars and a few words, through the panel's dialog. */
async function rate(page: Page, otherName: string, stars: number, text: string): Promise<void> {
  await page.getByRole('button', { name: t('ratings.rate_button', { name: otherName }) }).click();
  const dialog = page.getByRole('dialog', { name: t('ratings.rate_title', { name: otherName }) });
  await dialog.getByRole('radio', { name: t('ratings.stars_label_other', { count: stars }) }).check();
  await dialog.getByLabel(t('ratings.text_label')).fill(text);
  await dialog.getByRole('button', { name: t('ratings.rate_submit'), exact: true }).click();
  await page.getByText(t('ratings.messages.rated')).first().waitFor();
}

afterAll(closeBrowser);

describe('trust: a deal between two people who talked, rated by both', () => {
  let seller: Page;
  let buyer: Page;
  let uuid = '';
  let roomPath = '';

  it('the seller posts an ad and a moderator approves it', async () => {
    seller = await session(SELLER, '/messenger');
    uuid = await postAd(seller, TITLE, 'Lumilauta 156 cm, siteet ja kengät koko 43. Hyvä kunto.');
    await approve(TITLE);
  });

  it('the buyer asks on a phone and the seller answers', async () => {
    buyer = await session(BUYER, `/channel/product/${uuid}`, { viewport: MOBILE });
    await write(buyer, `Hei, onko lauta vielä myynnissä? ${stamp}`);
    await buyer.waitForURL((url) => /^\/channel\/\d+$/.test(url.pathname));
    roomPath = new URL(buyer.url()).pathname;

    await open(seller, roomPath);
    await write(seller, `On, tule hakemaan huomenna. ${stamp}`);
    await buyer.getByText(`On, tule hakemaan huomenna. ${stamp}`).waitFor();
  });

  it('the seller marks the ad sold to the buyer from the room', async () => {
    const buyerName = 'Ulla';
    await seller.getByRole('button', { name: t('ratings.panel.mark_sold'), exact: true }).click();
    const dialog = seller.getByRole('dialog', { name: t('ratings.mark_sold.title') });
    await dialog.getByText(buyerName).first().waitFor();
    await checkA11y(seller, 'mark sold dialog');
    await dialog.getByRole('button', { name: t('ratings.mark_sold.submit'), exact: true }).click();
    await seller.getByText(t('ratings.panel.done_seller_sold', { name: buyerName })).waitFor();
    const ad = (await seller.evaluate((id) => fetch(`/api/product/${id}`).then((r) => r.json()), uuid)) as { data: { status: string } };
    expect(ad.data.status).toBe('sold');
  });

  it('both rate each other; the seller card then shows the rating', async () => {
    await open(buyer, roomPath);
    await rate(buyer, 'Sami', 5, 'Nopea ja mutkaton kauppa, lauta juuri kuten kuvattu.');
    await screenshot(buyer, 'trust-buyer-rated-phone');
    await open(seller, roomPath);
    await rate(seller, 'Ulla', 5, 'Reilu ostaja, tuli sovitusti.');

    // Both have rated: the ratings are public at once.
    const visitor = await freshPage({ viewport: MOBILE });
    await open(visitor, `/${uuid}`);
    // The summary's words for a screen reader name the link to the seller's ratings.
    const summary = visitor.getByRole('link', { name: new RegExp(t('ratings.summary_label_one', { average: '5(,0)?', count: 1 })) });
    await summary.first().waitFor();
    await screenshot(visitor, 'trust-seller-card-phone');
    await checkA11y(visitor, 'ad page with the seller’s rating');
    await visitor.context().close();
  });
});

describe('the scam guard in the messenger', () => {
  it('a message that moves the deal to WhatsApp shows the reader a tip', async () => {
    const seller = await session(SELLER, '/messenger');
    const mine = (await seller.evaluate(() => fetch('/api/user-products').then((r) => r.json()))) as {
      data: { uuid: string; status: string }[];
    };
    const ad = mine.data.find((row) => row.status === 'active')!;
    const buyer = await session('editor@example.com', `/channel/product/${ad.uuid}`);
    await write(buyer, `Kiinnostaa! Laita viestiä WhatsAppiin wa.me/358401234567 ${stamp}`);
    await buyer.waitForURL((url) => /^\/channel\/\d+$/.test(url.pathname));
    const room = new URL(buyer.url()).pathname;
    await open(seller, room);
    await hydrated(seller);
    const tip = seller.getByRole('note', { name: t('safety.label') });
    await tip.first().waitFor();
    expect(await tip.first().textContent()).toContain(t('safety.kinds.whatsapp'));
    await screenshot(seller, 'trust-whatsapp-tip');
    await checkA11y(seller, 'conversation with a safety tip');
  });
});
