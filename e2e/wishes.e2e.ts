import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fi from '../web/i18n/fi.json' with { type: 'json' };
import { MOBILE, checkA11y, closeBrowser, hydrated, newPage, open, screenshot } from './browser';

const DEMO_PASSWORD = 'Kauppis#Demo2026';

/** A Finnish text by its key, with its {{params}} filled in: the journey reads what a Finnish user reads. */
function t(key: string, params: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fi);
  return String(value).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name]));
}

async function logIn(page: Page, redirectTo: string): Promise<void> {
  await open(page, `/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel(t('account.fields.email')).fill('user@example.com');
  await page.getByLabel(t('account.fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === redirectTo);
  await hydrated(page);
}

const badge = (page: Page, count: number) => page.getByRole('link', { name: t('wishes.badge_label', { count }) });
const heartsPressed = (page: Page) => page.locator('article button[aria-pressed="true"]');

afterAll(closeBrowser);

describe('wish list: a heart on the front page, the badge, the list, removal', () => {
  let page: Page;
  let adName = '';

  beforeAll(async () => {
    page = await newPage({ locale: 'fi-FI', extraHTTPHeaders: { 'accept-language': 'fi' } });
    await page.context().addCookies([{ name: 'consent', value: 'granted', url: process.env.E2E_BASE_URL! }]);
  });

  it('sends a visitor who taps a heart to log-in, and back to the front page after it', async () => {
    await open(page, '/');
    const heart = page
      .getByRole('article')
      .first()
      .getByRole('button', { name: /^Tallenna toivelistalle: / });
    await heart.click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/');
    await page.getByText(t('wishes.login_needed')).first().waitFor();
  });

  it('logs in, and the heart tapped before is saved at once: pressed, the badge shows 1, the log-in toast is gone', async () => {
    await logIn(page, '/');
    const card = page.getByRole('article').first();
    adName = (await card.getByRole('heading').textContent())!.trim();
    const heart = card.getByRole('button', { name: t('wishes.save', { name: adName }) });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await badge(page, 1).waitFor();
    expect((await badge(page, 1).textContent())?.trim()).toBe('1');
    await page.getByText(t('wishes.added')).first().waitFor();
    expect(await page.getByText(t('wishes.login_needed')).count()).toBe(0);
    await screenshot(page, 'wishes-home-hearted');
  });

  it('keeps the heart pressed and the badge on the next page load', async () => {
    await open(page, '/');
    await badge(page, 1).waitFor();
    await expect.poll(() => heartsPressed(page).count()).toBe(1);
    // The ad's own page has the same heart.
    await page.getByRole('article').first().getByRole('link').click();
    await page.waitForURL(/\/[0-9a-f-]{36}$/);
    await hydrated(page);
    const heart = page.getByRole('button', { name: t('wishes.save', { name: adName }) });
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'wishes-ad-page');
  });

  it('opens the wish list from the top bar and shows the ad there', async () => {
    await badge(page, 1).click();
    await page.waitForURL((url) => url.pathname === '/wishes');
    await hydrated(page);
    // The address changes as the move starts; the new page (and its title) renders right after.
    await expect.poll(() => page.title()).toContain(t('pages.wishes.title'));
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    await page.getByRole('heading', { level: 1, name: t('pages.wishes.title') }).waitFor();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await page.getByRole('article').getByRole('link', { name: adName }).waitFor();
    await checkA11y(page, 'wish list');
    await screenshot(page, 'wishes-list-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'wishes-list-phone');
  });

  it('removes the ad: the card goes, the badge goes, and the empty state links to browsing', async () => {
    await page.getByRole('button', { name: t('wishes.remove_label', { name: adName }) }).click();
    await page.getByText(t('wishes.empty_title')).waitFor();
    await page.getByText(t('wishes.removed')).first().waitFor();
    expect(await page.getByRole('article').count()).toBe(0);
    // The bar's heart says no count now (on a phone it is hidden: the bell has its room).
    await expect.poll(() => page.getByRole('link', { name: t('nav.wishes'), exact: true, includeHidden: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: t('wishes.browse') }).getAttribute('href')).toBe('/');
    await checkA11y(page, 'empty wish list');
    await screenshot(page, 'wishes-empty-phone');
    // The server agrees after a reload.
    await open(page, '/wishes');
    await page.getByText(t('wishes.empty_title')).waitFor();
  });

  it('looks right in English and Russian, light and dark', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await open(page, '/');
    await page
      .getByRole('article')
      .nth(1)
      .getByRole('button', { name: /^Tallenna toivelistalle: / })
      .click();
    await badge(page, 1).waitFor();
    await open(page, '/wishes?lang=en');
    await page.getByRole('heading', { level: 1, name: 'My wish list' }).waitFor();
    await page.getByRole('button', { name: /^Remove from wish list: / }).waitFor();
    await screenshot(page, 'wishes-list-en');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await open(page, '/wishes?lang=ru');
    await page.getByRole('heading', { level: 1, name: 'Моё избранное' }).waitFor();
    await screenshot(page, 'wishes-list-ru-dark');
    await page.setViewportSize(MOBILE);
    await open(page, '/?lang=ru');
    await screenshot(page, 'wishes-home-ru-dark-phone');
    // Leave the demo account as it was: empty list, light theme.
    await open(page, '/wishes?lang=en');
    await page.getByRole('button', { name: /^Remove from wish list: / }).click();
    await page.getByText('Your wish list is empty').waitFor();
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
  });
});
