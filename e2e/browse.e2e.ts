import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, closeBrowser, hydrated, newPage, open, screenshot } from './browser';

afterAll(closeBrowser);

describe('browse: search, filter, list view, an ad, the carousel, and back', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage({ locale: 'fi-FI', extraHTTPHeaders: { 'accept-language': 'fi' } });
    await page.context().addCookies([{ name: 'consent', value: 'granted', url: process.env.E2E_BASE_URL! }]);
  });

  it('searches from the front page and lands on results in the URL', async () => {
    await open(page, '/');
    await page.getByRole('combobox', { name: 'Hae ilmoituksia' }).fill('pyörä');
    await page.getByRole('button', { name: 'Hae', exact: true }).click();
    await page.waitForURL(/[?&]q=py%C3%B6r%C3%A4/);
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    await checkA11y(page, 'search results');
  });

  it('filters by region and catalog', async () => {
    await page.getByText('Rajaa hakua').click();
    await page.getByRole('combobox', { name: 'Maakunta' }).selectOption({ label: 'Uusimaa' });
    await page.getByRole('combobox', { name: 'Kategoria' }).selectOption({ label: 'Kaikki: Ajoneuvot' });
    await page.getByRole('button', { name: 'Näytä tulokset' }).click();
    await page.waitForURL(/region=\d+/);
    expect(page.url()).toMatch(/catalog=\d+/);
    await hydrated(page);
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
  });

  it('switches to the list view and keeps the search', async () => {
    await page.getByRole('link', { name: 'Listanäkymä' }).click();
    await page.waitForURL(/view=list/);
    expect(page.url()).toMatch(/q=py%C3%B6r%C3%A4/);
    await screenshot(page, 'browse-list');
  });

  it('opens an ad, its carousel, and comes back to the same results', async () => {
    const results = page.url();
    await page.getByRole('article').first().getByRole('link').click();
    await page.waitForURL(/\/[0-9a-f-]{36}$/);
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await checkA11y(page, 'ad page');
    await page.getByRole('button', { name: /avaa kuvat täysikokoisina/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, 'ad-carousel');
    await checkA11y(page, 'carousel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 5000 });
    await page.goBack();
    await page.waitForURL(results);
    expect(page.url()).toBe(results);
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
  });
});
