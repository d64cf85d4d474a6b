import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import fi from '../web/i18n/fi.json' with { type: 'json' };
import { MOBILE, axeRuleViolations, checkA11y, closeBrowser, focusOutline, hydrated, newPage, open, screenshot } from './browser';

const DEMO_PASSWORD = 'Kauppis#Demo2026';

/** A Finnish text by its key, with its {{params}} filled in. */
function t(key: string, params: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], fi);
  return String(value).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name]));
}

async function session(email: string, redirectTo: string, options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage({ locale: 'fi-FI', extraHTTPHeaders: { 'accept-language': 'fi' }, ...options });
  await page.context().addCookies([{ name: 'consent', value: 'granted', url: process.env.E2E_BASE_URL! }]);
  await open(page, `/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel(t('account.fields.email')).fill(email);
  await page.getByLabel(t('account.fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === redirectTo);
  await hydrated(page);
  return page;
}

const photo = async (colour: string, name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '61/1 30/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '23/1 45/1 0/1' } })
    .toBuffer(),
});

const next = (page: Page) => page.getByRole('button', { name: t('new_ad.next'), exact: true }).click();
const stepHeading = (page: Page, step: string) => page.getByRole('heading', { level: 1, name: t(`new_ad.steps.${step}`) });

afterAll(closeBrowser);

describe('selling: a seller publishes through the wizard, a moderator approves, a buyer finds and wishes it', () => {
  // Unique per run, so the search finds exactly this ad.
  const title = `Maastopyörä Cube ${Date.now().toString(36)}`;
  let adUuid = '';

  it('the seller creates an ad with two pictures through the wizard; the draft survives a reload', async () => {
    const page = await session('seller@example.com', '/new-ad', { viewport: MOBILE });
    await stepHeading(page, 'name').waitFor();
    await checkA11y(page, 'new ad, first step');
    // Nothing typed: the step says what is missing and does not move on.
    await next(page);
    await page.getByText(t('validation.required')).first().waitFor();
    await page.getByLabel(t('new_ad.fields.name'), { exact: true }).fill(title);
    // A text field in focus shows the ring, not only a border of another colour.
    expect(await focusOutline(page)).toEqual({ style: 'solid', width: '3px' });
    await next(page);

    await stepHeading(page, 'city').waitFor();
    await page.getByRole('combobox', { name: t('account.fields.city') }).fill('Tampe');
    // The list open: what it hides from screen readers cannot take focus either (aria-hidden-focus).
    await page.getByRole('option', { name: /^Tampere/ }).waitFor();
    await checkA11y(page, 'new ad, city list open');
    await page.getByRole('option', { name: /^Tampere/ }).click();
    await next(page);

    await stepHeading(page, 'details').waitFor();
    await page
      .getByLabel(t('new_ad.fields.description'), { exact: true })
      .fill('Hyväkuntoinen maastopyörä, 29" renkaat, huollettu keväällä.');
    await page.getByLabel(t('new_ad.fields.price'), { exact: true }).fill('-5');
    await next(page);
    await page.getByText(t('ads.price_negative')).waitFor();
    await page.getByLabel(t('new_ad.fields.price'), { exact: true }).fill('449,90');
    await next(page);

    await stepHeading(page, 'photos').waitFor();
    await page.locator('input[type=file]').setInputFiles([await photo('#b33', 'eka.jpg'), await photo('#3b3', 'toka.jpg')]);
    await page.getByText(t('new_ad.photos.count', { count: 2, max: 10 })).waitFor();

    // A reload keeps the step, the fields and both pictures.
    await page.reload();
    await hydrated(page);
    await stepHeading(page, 'photos').waitFor();
    await page.getByText(t('new_ad.photos.count', { count: 2, max: 10 })).waitFor();
    await checkA11y(page, 'new ad, photos');
    await next(page);

    await stepHeading(page, 'catalog').waitFor();
    await page.getByRole('searchbox', { name: t('new_ad.catalog.search') }).fill('maastopyö');
    await page
      .getByRole('button', { name: /^Maastopyörät/ })
      .first()
      .click();
    expect(await axeRuleViolations(page, ['heading-order', 'landmark-unique'])).toEqual([]);
    await next(page);

    await stepHeading(page, 'preview').waitFor();
    await page
      .getByRole('article', { name: t('new_ad.preview.label') })
      .getByText(title)
      .waitFor();
    expect(
      await page
        .getByRole('article', { name: t('new_ad.preview.label') })
        .locator('img')
        .count(),
    ).toBe(2);
    await screenshot(page, 'selling-preview-phone');
    await checkA11y(page, 'new ad, preview');
    await page.getByRole('button', { name: t('new_ad.publish'), exact: true }).click();
    await page.getByRole('heading', { name: t('new_ad.done.title') }).waitFor();

    const mine = (await page.evaluate(() => fetch('/api/user-products?status=moderate').then((r) => r.json()))) as {
      data: { uuid: string; name: string; images_count: number }[];
    };
    const created = mine.data.find((ad) => ad.name === title);
    expect(created?.images_count).toBe(2);
    adUuid = created!.uuid;

    await open(page, '/my-showcase');
    await page.getByRole('article').filter({ hasText: title }).waitFor();
    await checkA11y(page, 'my showcase');
    await page.context().close();
  });

  it('is not public before the moderator approves it', async () => {
    const visitor = await newPage();
    const response = await visitor.goto(`/${adUuid}`);
    expect(response?.status()).toBe(404);
    await visitor.context().close();
  });

  it('a moderator approves it from the queue', async () => {
    const page = await session('moderator@example.com', '/admin/advertisements');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.waitFor();
    await checkA11y(page, 'moderation queue');
    await card.getByRole('button', { name: t('moderation.approve'), exact: true }).click();
    await expect.poll(() => card.count()).toBe(0);
    await page.context().close();
  });

  it('a buyer finds it in the search, adds it to the wish list, and the badge shows 1', async () => {
    const page = await session('user@example.com', '/');
    await page.getByRole('combobox', { name: t('search.label') }).fill(title);
    await page.getByRole('button', { name: t('search.submit'), exact: true }).click();
    await page.waitForURL(/[?&]q=/);
    await hydrated(page);
    const card = page.getByRole('article').filter({ hasText: title });
    await card.waitFor();
    await card.getByRole('button', { name: t('wishes.save', { name: title }) }).click();
    await page.getByRole('link', { name: t('wishes.badge_label', { count: 1 }) }).waitFor();
    await screenshot(page, 'selling-buyer-wished');
    // Leave the list as it was for the other journeys.
    await card.getByRole('button', { name: t('wishes.save', { name: title }) }).click();
    await expect.poll(() => page.getByRole('link', { name: t('wishes.badge_label', { count: 1 }) }).count()).toBe(0);
    await page.context().close();
  });
});
