import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { MOBILE, checkA11y, closeBrowser, hydrated, open, screenshot } from './browser';
import { approve, session, t } from './journey';

// Category fields and place (issue 26), on phones: a seller sells a car with its make, year,
// mileage and fuel through the wizard; a buyer filters passenger cars by year and fuel near
// 00100 within 25 km, finds it, and its page shows the mileage.

const stamp = Date.now().toString(36);
const TITLE = `Toyota Corolla Hybrid ${stamp}`;

const next = (page: Page) => page.getByRole('button', { name: t('new_ad.next'), exact: true }).click();
const stepHeading = (page: Page, step: string) => page.getByRole('heading', { level: 1, name: t(`new_ad.steps.${step}`) });

afterAll(closeBrowser);

describe('category fields and place: a car sold with its fields, found by them near 00100', () => {
  let uuid = '';

  it('the seller sells a car through the wizard, with its fields', async () => {
    const page = await session('seller@example.com', '/new-ad', { viewport: MOBILE });
    await stepHeading(page, 'name').waitFor();
    await page.getByLabel(t('new_ad.fields.name'), { exact: true }).fill(TITLE);
    await next(page);

    await stepHeading(page, 'city').waitFor();
    await page.getByRole('combobox', { name: t('account.fields.city') }).fill('Espo');
    await page.getByRole('option', { name: /^Espoo/ }).click();
    await next(page);

    await stepHeading(page, 'details').waitFor();
    await page.getByLabel(t('new_ad.fields.description'), { exact: true }).fill('Huollettu merkkiliikkeessä, kaksi rengassarjaa.');
    await page.getByLabel(t('new_ad.fields.price'), { exact: true }).fill('14900');
    await next(page);

    await stepHeading(page, 'photos').waitFor();
    const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c33' } })
      .jpeg()
      .toBuffer();
    await page.locator('input[type=file]').setInputFiles([{ name: 'auto.jpg', mimeType: 'image/jpeg', buffer: picture }]);
    await page.getByText(t('new_ad.photos.count', { count: 1, max: 10 })).waitFor();
    await next(page);

    await stepHeading(page, 'catalog').waitFor();
    await page.getByRole('searchbox', { name: t('new_ad.catalog.search') }).fill('henkilöau');
    await page
      .getByRole('button', { name: /^Henkilöautot/ })
      .first()
      .click();
    // The category's fields: the make from a searchable list, numbers as typed, the fuel from a list.
    await page.getByText(t('selling.attributes.title')).first().waitFor();
    const make = page.getByRole('combobox', { name: /^Merkki/ });
    await make.pressSequentially('Toyo');
    await page.getByRole('option', { name: 'Toyota', exact: true }).waitFor();
    // The unfiltered list holds Toyota too: wait until the typed letters have narrowed it to one.
    await expect.poll(() => page.getByRole('option').count()).toBe(1);
    await make.press('ArrowDown');
    await make.press('Enter');
    await expect.poll(() => make.inputValue()).toBe('Toyota');
    await page.getByRole('textbox', { name: /^Vuosimalli/ }).fill('2016');
    await page.getByRole('textbox', { name: /^Mittarilukema/ }).fill('180000');
    await page.getByLabel(/^Käyttövoima/).selectOption({ label: 'Hybridi' });
    await screenshot(page, 'fields-wizard-car-phone');
    await checkA11y(page, 'new ad, category fields');
    await next(page);

    await stepHeading(page, 'preview').waitFor();
    await page.getByRole('button', { name: t('new_ad.publish'), exact: true }).click();
    await page.getByRole('heading', { name: t('new_ad.done.title') }).waitFor();
    const mine = (await page.evaluate(() => fetch('/api/user-products?status=moderate').then((r) => r.json()))) as {
      data: { uuid: string; name: string }[];
    };
    uuid = mine.data.find((ad) => ad.name === TITLE)!.uuid;
    await page.context().close();
    await approve(TITLE);
  });

  it('a buyer filters passenger cars by year and fuel near 00100 within 25 km and finds it', async () => {
    const buyer = await session('user@example.com', '/', { viewport: MOBILE });
    const flat = (await buyer.evaluate(() => fetch('/api/catalogs-flatten').then((r) => r.json()))) as {
      data: { slug: string; path: string[] }[];
    };
    const cars = flat.data.find((c) => c.slug === 'passenger-cars')!;
    await open(buyer, `/catalogs/${cars.path.join('/')}`);
    await buyer.getByRole('link', { name: new RegExp(t('search.filters_open')) }).click();
    const sheet = buyer.getByRole('dialog', { name: t('search.filters') });
    await sheet.waitFor();
    await sheet.getByRole('textbox', { name: t('search.attributes.from', { name: 'Vuosimalli' }) }).fill('2015');
    await sheet.getByRole('textbox', { name: t('search.attributes.to', { name: 'Vuosimalli' }) }).fill('2018');
    await sheet.getByRole('checkbox', { name: /^Hybridi/ }).check();
    await sheet.getByRole('textbox', { name: t('search.near.postal_code') }).fill('00100');
    await sheet.getByLabel(t('search.near.radius')).selectOption({ label: t('search.near.km', { km: 25 }) });
    await screenshot(buyer, 'fields-filter-sheet-phone');
    await checkA11y(buyer, 'filter sheet with category fields and place');
    await sheet.getByRole('button', { name: t('search.show_results') }).click();
    await buyer.waitForURL((url) => url.searchParams.get('near') === '00100' && url.searchParams.get('a.fuel') === 'hybrid', {
      timeout: 15_000,
    });
    await hydrated(buyer);
    const card = buyer.getByRole('article').filter({ hasText: TITLE });
    await card.waitFor({ timeout: 15_000 });
    // The card tells the year and the mileage, and how far the car is.
    await expect.poll(() => card.textContent(), { timeout: 10_000 }).toMatch(/2016/);
    await expect.poll(() => card.textContent()).toMatch(/km/);
    await screenshot(buyer, 'fields-results-phone');

    await card.getByRole('link').first().click();
    await buyer.waitForURL((url) => url.pathname === `/${uuid}`);
    await hydrated(buyer);
    const facts = buyer.locator('dl').filter({ hasText: 'Mittarilukema' });
    await facts.waitFor();
    expect((await facts.textContent())?.replace(/\s/g, ' ')).toMatch(/Mittarilukema\s*180[\s\u00a0\u202f]000 km/);
    await screenshot(buyer, 'fields-ad-page-phone');
    await checkA11y(buyer, 'ad page with category fields');
    await buyer.context().close();
  });
});
