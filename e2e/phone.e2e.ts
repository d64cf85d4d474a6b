import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import fi from '../web/i18n/fi.json' with { type: 'json' };
import { DESKTOP, MOBILE, checkA11y, closeBrowser, hydrated, newPage, open, screenshot } from './browser';

// The rough edges a buyer and a seller meet on a phone (issue 18): ads first, selling one tap away,
// the owner's controls on their ad, the seller's page, and nothing lost on the way through log-in.

const DEMO_PASSWORD = 'Kauppis#Demo2026';
const SELLER = 'seller@example.com';

/** A Finnish text by its key, with its {{params}} filled in: the journey reads what a Finnish user reads. */
function t(key: string, params: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fi);
  return String(value).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name]));
}

/** A phone (or a desktop) that has answered the cookie banner, so the banner covers nothing. */
async function phonePage(viewport = MOBILE): Promise<Page> {
  const page = await newPage({ viewport, locale: 'fi-FI', extraHTTPHeaders: { 'accept-language': 'fi' } });
  await page.context().addCookies([{ name: 'consent', value: 'denied', url: process.env.E2E_BASE_URL! }]);
  return page;
}

/** Fills the log-in form the page is on and waits to land on `path`. */
async function logInHere(page: Page, email: string, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login');
  await hydrated(page);
  await page.getByLabel(t('account.fields.email')).fill(email);
  await page.getByLabel(t('account.fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
  await hydrated(page);
}

/** The address of the newest ad of another seller than the demo seller (so not their own). */
async function someoneElsesAd(page: Page): Promise<string> {
  await open(page, '/');
  const links = page.getByRole('article').getByRole('link');
  const count = await links.count();
  for (let i = 0; i < count; i++) {
    const href = (await links.nth(i).getAttribute('href'))!;
    const reply = await page.request.get(`/api/product${href}`);
    const ad = (await reply.json()) as { data: { seller: { name: string }; status: string } };
    if (ad.data.seller.name !== 'Sami' && ad.data.status === 'active') return href;
  }
  throw new Error('no ad of another seller on the front page');
}

afterAll(closeBrowser);

describe('phone: the front page sells', () => {
  it('shows the first ad within the first screen of a 390×844 phone, and of a desktop', async () => {
    const page = await phonePage();
    await open(page, '/');
    const first = page.getByRole('article').first();
    const box = (await first.boundingBox())!;
    expect(box.y, 'top of the first ad card on a phone').toBeLessThan(MOBILE.height);
    // The categories are one swipeable row with an icon each.
    const tiles = page.getByRole('navigation', { name: t('home.categories') }).getByRole('link');
    expect(await tiles.count()).toBe(10);
    expect(await tiles.first().locator('svg').count()).toBe(1);
    await checkA11y(page, 'home on a phone');
    await screenshot(page, 'phone-home');

    await page.setViewportSize(DESKTOP);
    expect((await first.boundingBox())!.y, 'top of the first ad card on a desktop').toBeLessThan(DESKTOP.height - 200);
    // A later page: its pager's current number must be readable (checkA11y measures it).
    await open(page, '/?page=2');
    await page.getByRole('navigation', { name: t('search.pagination') }).waitFor();
    await checkA11y(page, 'home, page 2, light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await open(page, '/?page=2&lang=en');
    await checkA11y(page, 'home, page 2, dark');
  });
});

describe('phone: selling one tap away', () => {
  it('leads a visitor from the post-an-ad button through log-in into the form, the city of the profile filled in', async () => {
    const page = await phonePage();
    await open(page, '/');
    await page.getByRole('link', { name: t('nav.post_ad') }).click();
    await logInHere(page, SELLER, '/new-ad');
    await page.getByRole('heading', { level: 1, name: t('new_ad.steps.name') }).waitFor();
    await page.getByLabel(t('new_ad.fields.name'), { exact: true }).fill('Lasten pyörä 16 tuumaa');
    await page.getByRole('button', { name: t('new_ad.next') }).click();
    await page.getByRole('heading', { level: 1, name: t('new_ad.steps.city') }).waitFor();
    // The demo seller lives in Oulu.
    expect(await page.getByRole('combobox', { name: t('account.fields.city') }).inputValue()).toBe('Oulu');
    await checkA11y(page, 'new ad, city prefilled');
    await screenshot(page, 'phone-new-ad-city');
    await page.getByRole('button', { name: t('new_ad.next') }).click();
    await page.getByLabel(t('new_ad.fields.description'), { exact: true }).fill('Pieni polkupyörä, apupyörät mukana. Hyvä kunto.');
    await page.getByLabel(t('new_ad.fields.price'), { exact: true }).fill('40');
    await page.getByRole('button', { name: t('new_ad.next') }).click();
    await page.getByRole('heading', { level: 1, name: t('new_ad.steps.photos') }).waitFor();
    await page.getByRole('button', { name: t('new_ad.next') }).click();
    await page.getByRole('heading', { level: 1, name: t('new_ad.steps.catalog') }).waitFor();
    // The title points at children's bikes, under bicycles, before anything with a motor.
    const suggested = page.getByRole('list', { name: t('new_ad.catalog.suggested') }).getByRole('button');
    await expect.poll(() => suggested.count()).toBeGreaterThan(0);
    expect(await suggested.first().textContent()).toContain('Lasten pyörät');
    await suggested.first().click();
    expect(await suggested.first().getAttribute('aria-pressed')).toBe('true');
    await checkA11y(page, 'new ad, suggested categories');
    await screenshot(page, 'phone-new-ad-suggestions');
    await page.getByRole('button', { name: t('new_ad.start_over') }).click();
  });
});

describe('phone: the ad page', () => {
  it('gives the owner an edit button and the status actions on their own ad', async () => {
    const page = await phonePage();
    await open(page, '/my-showcase?status=active');
    await logInHere(page, SELLER, '/my-showcase');
    const adLink = page.getByRole('article').first().getByRole('heading').getByRole('link');
    const name = (await adLink.textContent())!.trim();
    await adLink.click();
    await page.waitForURL(/\/[0-9a-f-]{36}$/);
    await hydrated(page);
    const uuid = new URL(page.url()).pathname.slice(1);
    const edit = page.getByRole('link', { name: t('showcase.edit'), exact: true });
    expect(await edit.getAttribute('href')).toBe(`/my-showcase/edit/${uuid}`);
    await page.getByRole('button', { name: t('showcase.change_status_of', { name }) }).waitFor();
    await page.getByRole('button', { name: t('showcase.delete'), exact: true }).waitFor();
    await page.getByText(/^Ilmoitusnumero \d+$/).waitFor();
    await checkA11y(page, 'own ad, owner actions');
    await screenshot(page, 'phone-own-ad');
    await edit.click();
    await page.waitForURL((url) => url.pathname === `/my-showcase/edit/${uuid}`);
  });

  it('links the seller card to the seller’s page: name, member since, their other ads', async () => {
    const page = await phonePage();
    const href = await someoneElsesAd(page);
    await open(page, href);
    // The gallery button's name begins with the "1/n" it shows.
    const gallery = page.getByRole('button', { name: /^1\/\d+ – avaa kuvat täysikokoisina$/ });
    expect(await gallery.count()).toBe(1);
    await page.getByRole('link', { name: /^Kaikki myyjän .+ ilmoitukset$/ }).click();
    await page.waitForURL(/\/seller\/\d+$/);
    await hydrated(page);
    // The address changes before the seller's page has rendered: wait for what only it shows.
    await page.getByText(/^Jäsen [a-zäö]+kuusta \d{4}$/).waitFor();
    const sellerName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    expect(await page.title()).toContain(sellerName);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/seller\/\d+$/);
    expect(await page.getByRole('article').count()).toBeGreaterThan(1);
    await checkA11y(page, 'seller page');
    await screenshot(page, 'phone-seller');
  });
});

describe('phone: nothing is lost on the way through log-in', () => {
  it('saves a heart pressed while signed out once the visitor has signed in, and the log-in toast goes', async () => {
    const page = await phonePage();
    const href = await someoneElsesAd(page);
    await open(page, href);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    const heart = page.getByRole('button', { name: t('wishes.save', { name: title }), exact: true });
    await heart.click();
    await page.getByText(t('wishes.login_needed')).first().waitFor();
    await logInHere(page, SELLER, href);
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    // On a phone the bar's heart gives its room to the notification bell: the drawer leads to the list.
    await expect.poll(() => page.getByRole('link', { name: t('wishes.badge_label', { count: 1 }) }).isVisible()).toBe(false);
    await expect.poll(() => page.getByText(t('wishes.login_needed')).count()).toBe(0);
    await checkA11y(page, 'ad page, heart saved after log-in');
    await screenshot(page, 'phone-heart-after-login');
    // Leave the demo seller's wish list empty, as it was.
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps a message to a seller through an expired session and the log-in page', async () => {
    const page = await phonePage();
    const href = await someoneElsesAd(page);
    await open(page, `/channel/product${href}`);
    await logInHere(page, SELLER, `/channel/product${href}`);
    const box = page.getByRole('textbox', { name: /^Viesti vastaanottajalle / });
    const text = 'Hei! Onko tämä vielä myynnissä? Voisin hakea huomenna.';
    await box.fill(text);
    // The session ends (expired, or signed out elsewhere) before the message is sent.
    await page.context().clearCookies({ name: 'session' });
    await page.getByRole('button', { name: t('chat.send') }).click();
    await logInHere(page, SELLER, `/channel/product${href}`);
    await expect.poll(() => box.inputValue()).toBe(text);
    await expect.poll(() => page.getByText(t('errors.unauthenticated')).count()).toBe(0);
    await screenshot(page, 'phone-message-kept');
  });
});
