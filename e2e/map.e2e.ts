import { afterAll, describe, expect, it } from 'vitest';
import fi from '../web/i18n/fi.json' with { type: 'json' };
import { MOBILE, closeBrowser, newPage, open, screenshot } from './browser';

afterAll(closeBrowser);

describe('the map dialog of an ad', () => {
  it('opens with the marker at the municipality, closes with Escape, and fetches nothing from the internet', async () => {
    const page = await newPage({ viewport: MOBILE, extraHTTPHeaders: { 'accept-language': 'fi' } });
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && !['127.0.0.1', 'localhost'].includes(url.hostname)) outside.push(request.url());
    });
    await open(page, '/');
    const href = await page.locator('article a[href^="/"]').first().getAttribute('href');
    await open(page, href!);
    await page.getByRole('button', { name: fi.map.open }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.locator('.leaflet-interactive').count()).toBe(1);
    await dialog.getByText(fi.map.no_tiles, { exact: false }).waitFor();
    await screenshot(page, 'map-dialog-phone');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(outside).toEqual([]);
    await page.context().close();
  });
});
