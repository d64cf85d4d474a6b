import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE, checkA11y, closeBrowser, hydrated, newPage, open, screenshot } from './browser';

const FI_GREETINGS = ['Hyvää huomenta!', 'Hyvää päivää!', 'Hyvää iltaa!'];
const EN_GREETINGS = ['Good morning!', 'Good afternoon!', 'Good evening!'];

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));
const greeting = (page: Page) => page.getByTestId('greeting').innerText();
const consentBanner = (page: Page, title: string) => page.getByRole('region', { name: title });

/**
 * Picks a language from the top bar's language control, labelled `label` in the current language:
 * a native select today, a menu button with menu items should it become one.
 */
async function chooseLanguage(page: Page, label: string, language: string, code: string): Promise<void> {
  const name = new RegExp(`^${label}`);
  const select = page.getByRole('combobox', { name });
  if ((await select.count()) > 0) {
    await select.selectOption(code);
    return;
  }
  await page.getByRole('button', { name }).click();
  await page
    .getByRole('menuitem', { name: language })
    .or(page.getByRole('menuitemradio', { name: language }))
    .click();
}

afterAll(closeBrowser);

describe('foundation: front page, consent, language, theme', () => {
  let page: Page;

  beforeAll(async () => {
    page = await newPage({ locale: 'fi-FI' });
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('opens in Finnish with a greeting, a Finnish title and the cookie banner', async () => {
    const scripts: Promise<string | undefined>[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/assets/') && r.url().endsWith('.js')) scripts.push(r.allHeaders().then((h) => h['content-encoding']));
    });
    const response = await open(page, '/');
    expect(response?.status()).toBe(200);
    // The page compressed as it is made, the scripts as the build compressed them.
    expect((await response!.allHeaders())['content-encoding']).toBe('br');
    expect(scripts.length).toBeGreaterThan(0);
    expect(new Set(await Promise.all(scripts))).toEqual(new Set(['br']));
    expect(await htmlLang(page)).toBe('fi');
    expect(FI_GREETINGS).toContain(await greeting(page));
    expect(await page.title()).toBe('Osta ja myy koko Suomessa | Kauppis');
    expect(await page.title()).toMatch(/ \| Kauppis$/);
    await consentBanner(page, 'Evästeet').waitFor({ state: 'visible' });
  });

  it('has no serious accessibility violations on the first visit (banner shown)', async () => {
    await checkA11y(page, 'home, fi, light, cookie banner');
  });

  it('hides the cookie banner once accepted', async () => {
    await page.getByRole('button', { name: 'Hyväksy kaikki' }).click();
    await consentBanner(page, 'Evästeet').waitFor({ state: 'detached' });
  });

  it('switches to English from the language menu', async () => {
    await chooseLanguage(page, 'Kieli', 'English', 'en');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await expect.poll(() => greeting(page)).toSatisfy((text: string) => EN_GREETINGS.includes(text));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Buy and sell in Finland');
  });

  it('remembers English and the consent after a reload', async () => {
    await page.reload();
    await hydrated(page);
    expect(await htmlLang(page)).toBe('en');
    expect(EN_GREETINGS).toContain(await greeting(page));
    expect(await page.title()).toBe('Buy and sell in Finland | Kauppis');
    expect(await consentBanner(page, 'Cookies').count()).toBe(0);
    expect(await consentBanner(page, 'Evästeet').count()).toBe(0);
    await screenshot(page, 'home-light');
  });

  it('has no serious accessibility violations in the light theme', async () => {
    await checkA11y(page, 'home, en, light');
  });

  it('switches to the dark theme and keeps it, without a flash, after a reload', async () => {
    expect(await isDark(page)).toBe(false);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();

    // No flash: the server already renders <html class="dark"> from the cookie...
    const html = await (await page.context().request.get('/')).text();
    expect(html).toMatch(/<html[^>]*\bclass="dark"/);

    // ...and the reloaded page is dark from its very first script on.
    await page.reload();
    await hydrated(page);
    expect(await isDark(page)).toBe(true);
    await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
    await screenshot(page, 'home-dark');
  });

  it('has no serious accessibility violations in the dark theme', async () => {
    await checkA11y(page, 'home, en, dark');
  });

  it('answers an unknown address with a 404 page in the chosen language', async () => {
    const response = await open(page, '/no/such/page');
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe('Page not found | Kauppis');
    await page.getByRole('link', { name: 'Back to the main page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('greeting').waitFor();
  });
});

describe('foundation: a first visit elsewhere', () => {
  it('shows the Finnish 404 page, whose link leads to the front page', async () => {
    const page = await newPage({ locale: 'fi-FI' });
    try {
      const response = await open(page, '/no/such/page');
      expect(response?.status()).toBe(404);
      expect(await htmlLang(page)).toBe('fi');
      await screenshot(page, 'not-found');
      await page.getByRole('link', { name: 'Takaisin etusivulle' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      expect(FI_GREETINGS).toContain(await greeting(page));
    } finally {
      await page.context().close();
    }
  });

  it('fits a phone screen', async () => {
    const page = await newPage({ locale: 'fi-FI', viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    try {
      await open(page, '/');
      expect(FI_GREETINGS).toContain(await greeting(page));
      await consentBanner(page, 'Evästeet').waitFor({ state: 'visible' });
      // Nothing wider than the screen: no sideways scrolling.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, 'home-mobile');
    } finally {
      await page.context().close();
    }
  });

  it('a page reached before the rest of the texts arrived shows its texts once they come', async () => {
    const page = await newPage({ locale: 'fi-FI' });
    // Hold the rest of the texts (web/lib/client-messages.ts) until the contact page is on screen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/rest-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await open(page, '/');
      await page.getByRole('link', { name: 'Ilmoita ongelmasta' }).click();
      await page.waitForURL((url) => url.pathname === '/contact');
      release();
      await page.getByLabel('Nimesi').waitFor();
      expect(await page.getByText('contact.name').count()).toBe(0);
    } finally {
      release();
      await page.context().close();
    }
  });
});
