import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fi from '../web/i18n/fi.json' with { type: 'json' };
import sv from '../web/i18n/sv.json' with { type: 'json' };
import { checkA11y, closeBrowser, hydrated, newPage, open, screenshot } from './browser';
import { DEMO_PASSWORD } from './journey';

// Swedish, the fourth language (issue 27): the main journeys read as a Swedish speaker in Finland
// reads them, with axe on each page and no Finnish left where a Swedish text belongs.

/** A text by its key in a language, with its {{params}} filled in. */
function text(messages: object, key: string, params: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
  return String(value).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name]));
}
const t = (key: string, params?: Record<string, string | number>) => text(sv, key, params);

/** Swedish and Finnish differ for each of these: the Finnish text on the page would be a leak. */
const SPOT_CHECKS = ['search.label', 'search.submit', 'nav.post_ad', 'nav.language', 'footer.terms-of-use', 'footer.contacts'];

async function noFinnishLeaks(page: Page, keys: string[]): Promise<void> {
  const body = await page.locator('body').innerText();
  for (const key of keys) {
    const finnish = text(fi, key);
    if (finnish === t(key)) continue;
    expect(body.includes(finnish), `Finnish "${finnish}" (${key}) on ${page.url()}`).toBe(false);
  }
}

afterAll(closeBrowser);

describe('Swedish: home, search, an ad, log-in, the wizard, settings and an info page', () => {
  let page: Page;

  beforeAll(async () => {
    // A browser that prefers Swedish and has no stored choice: the server picks sv from Accept-Language.
    page = await newPage({ locale: 'sv-FI', extraHTTPHeaders: { 'accept-language': 'sv-FI,sv;q=0.9' } });
    await page.context().addCookies([{ name: 'consent', value: 'granted', url: process.env.E2E_BASE_URL! }]);
  });

  it('shows the front page in Swedish: lang, greeting, Swedish category names, the selector on Svenska, hreflang', async () => {
    await open(page, '/');
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    const greetings = Object.values(sv.greeting);
    expect(greetings.some((g) => g.startsWith('God morgon'))).toBe(true);
    const body = await page.locator('body').innerText();
    expect(
      greetings.some((g) => body.includes(g)),
      'a Swedish greeting',
    ).toBe(true);
    expect(body).toContain('Fordon');
    expect(body).toContain('Bostäder och fastigheter');
    expect(body).not.toContain('Ajoneuvot');
    const selector = page.getByRole('combobox', { name: t('nav.language') });
    expect(await selector.inputValue()).toBe('sv');
    expect(await selector.locator('option:checked').textContent()).toBe('Svenska');
    expect(await page.locator('link[rel="alternate"][hreflang="sv"]').getAttribute('href')).toMatch(/\?lang=sv$/);
    await noFinnishLeaks(page, SPOT_CHECKS);
    await checkA11y(page, 'sv: home');
    await screenshot(page, 'sv-home');
  });

  it('searches in Swedish, with the filters and the categories in Swedish', async () => {
    await page.getByRole('combobox', { name: t('search.label') }).fill('cykel');
    await page.getByRole('button', { name: t('search.submit'), exact: true }).click();
    await page.waitForURL(/[?&]q=cykel/);
    await hydrated(page);
    const filters = page.getByRole('region', { name: t('search.filters') });
    await filters.waitFor();
    expect(
      await filters
        .getByRole('combobox', { name: t('search.category') })
        .locator('option', { hasText: 'Fordon' })
        .count(),
    ).toBeGreaterThan(0);
    await noFinnishLeaks(page, [...SPOT_CHECKS, 'search.filters', 'search.apply']);
    await checkA11y(page, 'sv: search');
  });

  it('opens an ad with its Swedish category trail', async () => {
    await open(page, '/catalogs/transport?lang=sv');
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    await page.getByRole('article').first().getByRole('link').first().click();
    await page.waitForURL(/\/[0-9a-f-]{36}(\?.*)?$/);
    await hydrated(page);
    expect(await page.locator('html').getAttribute('lang')).toBe('sv');
    await page.getByRole('link', { name: 'Fordon' }).first().waitFor();
    await noFinnishLeaks(page, SPOT_CHECKS);
    await checkA11y(page, 'sv: ad page');
  });

  it('logs in through the Swedish form', async () => {
    await open(page, `/login?redirectTo=${encodeURIComponent('/new-ad')}`);
    await noFinnishLeaks(page, ['account.fields.email', 'account.fields.password', 'account.login.submit']);
    await checkA11y(page, 'sv: log-in');
    await page.getByLabel(t('account.fields.email')).fill('seller@example.com');
    await page.getByLabel(t('account.fields.password'), { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/new-ad');
    await hydrated(page);
  });

  it('opens the wizard on its first step in Swedish', async () => {
    await page.getByRole('heading', { level: 1, name: t('new_ad.steps.name') }).waitFor();
    await page.getByLabel(t('new_ad.fields.name'), { exact: true }).waitFor();
    await noFinnishLeaks(page, ['new_ad.steps.name', 'new_ad.next', 'new_ad.fields.name']);
    await checkA11y(page, 'sv: new ad, first step');
  });

  it('shows the settings in Swedish, and the stored choice survives a browser that asks for Finnish', async () => {
    await open(page, '/settings/profile');
    expect(
      await page
        .getByRole('link', { name: t('pages.settings_profile.title') })
        .first()
        .getAttribute('aria-current'),
    ).toBe('page');
    await noFinnishLeaks(page, [...SPOT_CHECKS, 'pages.settings_profile.title']);
    await checkA11y(page, 'sv: settings');

    // The language picked in the selector is stored and wins over the browser's language.
    const selector = page.getByRole('combobox', { name: t('nav.language') });
    await selector.selectOption('fi');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fi');
    await page.getByRole('combobox', { name: text(fi, 'nav.language') }).selectOption('sv');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('sv');
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('sv');
    const other = await page.context().newPage();
    await other.setExtraHTTPHeaders({ 'accept-language': 'fi' });
    await other.goto('/');
    expect(await other.locator('html').getAttribute('lang')).toBe('sv');
    await other.close();
  });

  it('reads an info page in real Swedish', async () => {
    await open(page, '/info/terms-of-use');
    await page.getByRole('heading', { level: 1, name: 'Användarvillkor' }).waitFor();
    const body = await page.locator('main').innerText();
    expect(body).toContain('finsk lag');
    expect(body).not.toContain('Käyttöehdot');
    await noFinnishLeaks(page, SPOT_CHECKS);
    await checkA11y(page, 'sv: info page');
    await screenshot(page, 'sv-info');
  });
});
