import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, checkA11y, closeBrowser, hydrated, newPage, open, screenshot } from './browser';

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

  it('filters by a region found by its Swedish name, and by catalog', async () => {
    const filters = page.getByRole('region', { name: 'Rajaa hakua' });
    await filters.getByRole('combobox', { name: 'Kunta tai maakunta' }).fill('Nyland');
    await page.getByRole('option', { name: /^Uusimaa/ }).click();
    await filters.getByRole('combobox', { name: 'Kategoria' }).selectOption({ label: 'Kaikki: Ajoneuvot' });
    await filters.getByRole('button', { name: 'Näytä tulokset' }).click();
    await page.waitForURL(/region=\d+/);
    expect(page.url()).toMatch(/catalog=\d+/);
    // Empty fields stay out of the address.
    expect(page.url()).not.toMatch(/kind=&|price_from=&/);
    await hydrated(page);
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
  });

  it('narrows to a price range and the wanted ads, shows them as chips, and removes one', async () => {
    const filters = page.getByRole('region', { name: 'Rajaa hakua' });
    await filters.getByLabel('Hinta alkaen (€)').fill('500');
    await filters.getByLabel('Hinta enintään (€)').fill('1 000');
    await filters.getByRole('combobox', { name: 'Ilmoitustyyppi' }).selectOption({ label: 'Ostetaan' });
    await filters.getByRole('button', { name: 'Näytä tulokset' }).click();
    await page.waitForURL(/kind=wanted/);
    expect(page.url()).toMatch(/price_from=500&price_to=1(\+|%20)000/);
    await hydrated(page);
    const cards = page.getByRole('article');
    await expect.poll(() => cards.count()).toBe(1);
    await expect.poll(() => cards.first().textContent()).toMatch(/Ostetaan täysjousitettu maastopyörä.*900\s€/);
    const chips = page.getByRole('region', { name: 'Käytössä olevat rajaukset' });
    await chips.getByRole('link', { name: 'Poista rajaus: Ostetaan' }).waitFor();
    await chips.getByRole('link', { name: /Poista rajaus: 500\s€–1\s000\s€/ }).waitFor();
    await checkA11y(page, 'filtered results');
    await screenshot(page, 'browse-filtered');
    await chips.getByRole('link', { name: 'Poista rajaus: Ostetaan' }).click();
    await page.waitForURL((url) => !url.search.includes('kind='));
    expect(page.url()).toMatch(/price_from=500/);
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

describe('browse on a phone: the filters open in a sheet', () => {
  it('opens the sheet, picks the give-aways and clears everything', async () => {
    const page = await newPage({ viewport: MOBILE, locale: 'fi-FI', extraHTTPHeaders: { 'accept-language': 'fi' } });
    await page.context().addCookies([{ name: 'consent', value: 'granted', url: process.env.E2E_BASE_URL! }]);
    await open(page, '/');
    await page.getByRole('link', { name: 'Rajaa', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Rajaa hakua' });
    await sheet.waitFor();
    await sheet.getByRole('combobox', { name: 'Ilmoitustyyppi' }).selectOption({ label: 'Annetaan' });
    await sheet.getByLabel('Vain kuvalliset').check();
    await checkA11y(page, 'filter sheet');
    await screenshot(page, 'browse-filter-sheet');
    await sheet.getByRole('button', { name: 'Näytä tulokset' }).click();
    await page.waitForURL(/kind=give/);
    expect(page.url()).toMatch(/images=1/);
    await sheet.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Rajaukset, 2 käytössä' }).waitFor();
    await page.getByRole('link', { name: 'Tyhjennä kaikki' }).first().click();
    await page.waitForURL((url) => url.search === '');
  });
});
