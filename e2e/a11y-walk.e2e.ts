import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, MOBILE, closeBrowser, hydrated, lowContrastCurrentItems, newPage } from './browser';
import { DEMO_PASSWORD } from './journey';

// Every screen, and every dialog and menu a screen opens, through axe-core with all of its rules at
// every impact (moderate and minor too: heading order, unique landmarks, regions), in Finnish,
// English and Russian, in the dark theme and on a phone. A visitor's screens, a seller's and a
// super admin's; the ids in the addresses are read from the demo data as a person would follow links.

interface Look {
  name: string;
  locale: 'fi' | 'en' | 'ru';
  dark: boolean;
  phone: boolean;
}

const LOOKS: Look[] = [
  { name: 'fi', locale: 'fi', dark: false, phone: false },
  { name: 'en', locale: 'en', dark: false, phone: false },
  { name: 'ru', locale: 'ru', dark: false, phone: false },
  { name: 'dark', locale: 'fi', dark: true, phone: false },
  { name: 'phone', locale: 'fi', dark: false, phone: true },
];

type Who = 'visitor' | 'seller' | 'admin';
const ACCOUNTS: Record<Exclude<Who, 'visitor'>, string> = { seller: 'seller@example.com', admin: 'superadmin@example.com' };

async function lookPage(look: Look, who: Who): Promise<Page> {
  const page = await newPage({
    viewport: look.phone ? MOBILE : DESKTOP,
    isMobile: look.phone,
    hasTouch: look.phone,
    colorScheme: look.dark ? 'dark' : 'light',
    locale: { fi: 'fi-FI', en: 'en-GB', ru: 'ru-RU' }[look.locale],
    extraHTTPHeaders: { 'accept-language': look.locale },
  });
  const url = process.env.E2E_BASE_URL!;
  await page.context().addCookies([
    { name: 'consent', value: 'granted', url },
    { name: 'lang', value: look.locale, url },
    { name: 'theme', value: look.dark ? 'dark' : 'light', url },
  ]);
  if (who !== 'visitor') {
    await page.goto('/');
    const signedIn = await page.evaluate(
      async ({ email, password }) => {
        await fetch('/api/sanctum/csrf-cookie', { credentials: 'include' });
        const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
        const response = await fetch('/api/login', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf },
          body: JSON.stringify({ email, password }),
        });
        return response.status;
      },
      { email: ACCOUNTS[who], password: DEMO_PASSWORD },
    );
    expect(signedIn, `log-in of ${who}`).toBe(200);
    // A signed-in person's theme is their account's: the look's, for this walk.
    expect(await saveTheme(page, look.dark)).toBe(200);
  }
  return page;
}

/** The signed-in account's theme (accounts start light); the status of the call. */
function saveTheme(page: Page, dark: boolean): Promise<number> {
  return page.evaluate(async (themeDark) => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch('/api/theme', {
      method: 'PATCH',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({ theme_dark: themeDark }),
    });
    return response.status;
  }, dark);
}

/** The href of the first link on `path` that matches, as a person would follow it. */
async function firstLink(page: Page, path: string, pattern: RegExp): Promise<string> {
  await page.goto(path);
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  if (!href) throw new Error(`no link like ${pattern} on ${path}`);
  return href;
}

/**
 * Two active ads of other sellers than the demo seller Sami, from the end of the front page (the
 * other journeys write about the first ones, and a conversation started here would turn their
 * first-message screen into the conversation): one to look at and write a first message about,
 * one to hold a conversation about.
 */
async function someoneElsesAds(page: Page): Promise<[string, string]> {
  await page.goto('/');
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  const found: string[] = [];
  for (const href of [...new Set(hrefs.filter((h) => UUID.test(h)))].reverse()) {
    const ad = (await (await page.request.get(`/api/product${href}`)).json()) as { data: { seller: { name: string }; status: string } };
    if (ad.data.seller.name !== 'Sami' && ad.data.status === 'active') found.push(href);
    if (found.length === 2) return [found[0]!, found[1]!];
  }
  throw new Error('not two ads of other sellers on the front page');
}

/** The signed-in user's conversation about an ad, started with one message when there is none yet. */
async function conversationAbout(page: Page, ad: string): Promise<string> {
  const reply = await page.evaluate(async (uuid) => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch(`/api/channel/product/${uuid}/messages`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({ text: 'Onko tämä vielä myynnissä?', client_id: crypto.randomUUID() }),
    });
    return (await response.json()) as { room_id: number };
  }, ad.slice(1));
  return `/channel/${reply.room_id}`;
}

const UUID = /^\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The screens each kind of user reaches, with their ids filled in from the demo data. */
async function screensOf(page: Page, who: Who): Promise<string[]> {
  if (who === 'visitor') {
    const ad = await firstLink(page, '/', UUID);
    const catalog = await firstLink(page, '/', /^\/catalogs\/[^/]+$/);
    const child = await firstLink(page, catalog, /^\/catalogs\/[^/]+\/[^/]+$/);
    const seller = await firstLink(page, ad, /^\/seller\/\d+$/);
    const post = await firstLink(page, '/blog', /^\/blog\/[^/]+$/);
    const info = await firstLink(page, '/', /^\/info\/[^/]+$/);
    return [
      '/',
      '/?q=polkupy%C3%B6r%C3%A4',
      catalog,
      child,
      ad,
      seller,
      '/blog',
      post,
      info,
      '/about',
      '/terms',
      '/contact',
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password/not-a-token',
      '/no-such-page-here',
    ];
  }
  if (who === 'seller') {
    const edit = await firstLink(page, '/my-showcase', /^\/my-showcase\/edit\//);
    const own = await firstLink(page, '/my-showcase', UUID);
    const [theirs, talkedAbout] = await someoneElsesAds(page);
    const channel = await conversationAbout(page, talkedAbout);
    return [
      own,
      theirs,
      `/channel/product${theirs}`,
      '/dashboard',
      '/my-showcase',
      edit,
      '/new-ad',
      '/wishes',
      '/saved-searches',
      '/notifications',
      '/deals',
      '/messenger',
      channel,
      '/settings/account',
      '/settings/profile',
      '/settings/password',
    ];
  }
  const post = await firstLink(page, '/admin/blog', /^\/admin\/blog\/edit\/\d+$/);
  const infoPage = await firstLink(page, '/admin/pages', /^\/admin\/pages\/[^/]+\/[a-z]{2}$/);
  return [
    '/admin',
    '/admin/users',
    '/admin/roles',
    '/admin/permissions',
    '/admin/categories',
    '/admin/search-words',
    '/admin/advertisements',
    '/admin/reports',
    '/admin/safety',
    '/admin/audit-log',
    '/admin/app-settings',
    '/admin/phpinfo',
    '/admin/blog',
    post,
    '/admin/blog/blog-new',
    '/admin/blog/category',
    '/admin/pages',
    infoPage,
  ];
}

/**
 * While a combobox's list is open, React Aria hides the rest of the page from assistive technology
 * (aria-hidden outside the field and its list, as a modal does; useComboBox does it on purpose, for
 * mobile screen readers). Axe lets an open aria-modal dialog pass its page-level rules, but not this
 * list: they would report the hidden heading and the list's portal outside the landmarks.
 */
const HIDDEN_BY_OPEN_LIST = ['page-has-heading-one', 'region'];

/** Every axe finding of any impact, one line per rule and element. */
async function findings(page: Page, where: string): Promise<string[]> {
  const listOpen = await page.locator('[role="combobox"][aria-expanded="true"]').count();
  const results = await new AxeBuilder({ page }).disableRules(listOpen ? HIDDEN_BY_OPEN_LIST : []).analyze();
  const lines = results.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) ${n.target.join(' ')}`));
  for (const item of await lowContrastCurrentItems(page)) lines.push(`${where}: current item contrast ${item.ratio} ${item.target}`);
  return lines;
}

/**
 * The buttons of the page that open a dialog or a menu (their aria-haspopup says so). An opener
 * repeated down a list (a row's menu, a card's) is tried once, at its first row; one outside
 * `<main>` (the header's, the footer's) once per walk, in `seen`.
 */
async function openersOf(page: Page, seen: Set<string>): Promise<{ opener: Locator; label: string }[]> {
  const openers = page.locator('button[aria-haspopup]:visible, [role="button"][aria-haspopup]:visible');
  const keys = await openers.evaluateAll((elements) =>
    elements.map((element) => {
      const repeated = element.closest('tr, li, article') !== null;
      const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const where = element.closest('main') ? location.pathname : 'outside main';
      return { key: `${where}|${element.getAttribute('aria-haspopup')}|${element.className}|${repeated ? '' : label}`, label };
    }),
  );
  return keys.flatMap(({ key, label }, index) => {
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ opener: openers.nth(index), label }];
  });
}

const POPUPS = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/** Waits until the page has more (or, with `fewer`, no more) popups than `count`; false if it did not come. */
async function popupsChange(page: Page, count: number, fewer = false): Promise<boolean> {
  return page
    .waitForFunction(
      ({ selector, count, fewer }) => {
        const now = document.querySelectorAll(selector).length;
        return fewer ? now <= count : now > count;
      },
      { selector: POPUPS, count, fewer },
      { timeout: 1_500 },
    )
    .then(
      () => true,
      () => false,
    );
}

/** Opens with `open`, checks the page while the popup is open, closes it with Escape. */
async function checkOpened(page: Page, where: string, open: () => Promise<void>): Promise<string[]> {
  const before = await page.locator(POPUPS).count();
  try {
    await open();
  } catch {
    return [];
  }
  if (!(await popupsChange(page, before))) {
    if (process.env.A11Y_WALK_DEBUG) console.log(`${where}: nothing opened`);
    return [];
  }
  // Entry animations end before the page is checked (axe counts a dialog still fading in as not
  // open): no animation runs, and the popups stand where they stood, as opaque as they were, a
  // tenth of a second before (a sheet slides up from below the screen, an overlay fades in).
  await page.waitForFunction(
    (selector) => {
      const state = window as unknown as { popupLook?: string };
      const look = [...document.querySelectorAll(selector)]
        .map((element) => {
          let opacity = 1;
          for (let node: Element | null = element; node; node = node.parentElement) opacity *= Number(getComputedStyle(node).opacity);
          return `${JSON.stringify(element.getBoundingClientRect())}@${opacity}`;
        })
        .join('|');
      const still = state.popupLook === look && !look.includes('@0');
      state.popupLook = look;
      return still && document.getAnimations().every((animation) => animation.playState !== 'running');
    },
    POPUPS,
    { polling: 100 },
  );
  if (process.env.A11Y_WALK_DEBUG) console.log(`${where}: opened`);
  const found = await findings(page, where);
  await closeAll(page, before);
  return found;
}

async function closeAll(page: Page, count: number): Promise<void> {
  for (let tries = 0; tries < 3 && (await page.locator(POPUPS).count()) > count; tries += 1) {
    await page.keyboard.press('Escape');
    await popupsChange(page, count, true);
  }
}

/**
 * Each opener's dialog or menu, checked while open; in a menu, each item that opens a dialog
 * (`data-opens-dialog`) too. Closed with Escape: nothing is submitted.
 */
async function walkDialogs(page: Page, where: string, seen: Set<string>): Promise<string[]> {
  const found: string[] = [];
  for (const { opener, label } of await openersOf(page, seen)) {
    const at = `${where} → ${label}`;
    found.push(...(await checkOpened(page, at, () => opener.click({ timeout: 2_000 }))));
    if ((await opener.getAttribute('aria-haspopup')) === 'dialog') continue;
    const before = await page.locator(POPUPS).count();
    await opener.click({ timeout: 2_000 }).catch(() => {});
    if (!(await popupsChange(page, before))) continue;
    const items = await page.locator('[role="menuitem"][data-opens-dialog]:visible').allInnerTexts();
    await closeAll(page, before);
    for (const [index, item] of items.entries()) {
      found.push(
        ...(await checkOpened(page, `${at} → ${item.trim().slice(0, 40)}`, async () => {
          await opener.click({ timeout: 2_000 });
          await popupsChange(page, before);
          await page.locator('[role="menuitem"][data-opens-dialog]:visible').nth(index).click({ timeout: 2_000 });
        })),
      );
    }
  }
  return found;
}

afterAll(closeBrowser);

/** One person's walk in one look: every finding on their screens and in their dialogs. */
async function walk(look: Look, who: Who): Promise<string[]> {
  const page = await lookPage(look, who);
  const screens = await screensOf(page, who);
  const found: string[] = [];
  const seen = new Set<string>();
  for (const screen of screens) {
    await page.goto(screen);
    await hydrated(page);
    if (look.dark && !(await page.evaluate(() => document.documentElement.classList.contains('dark'))))
      found.push(`${look.name} ${screen}: not in the dark theme`);
    const where = `${look.name} ${screen}`;
    found.push(...(await findings(page, where)));
    found.push(...(await walkDialogs(page, where, seen)));
  }
  // The demo accounts go back to the light theme the other journeys expect.
  if (look.dark && who !== 'visitor') expect(await saveTheme(page, false)).toBe(200);
  await page.context().close();
  return found;
}

describe('axe on every screen and dialog', () => {
  // One look after another (an account's theme is the look's); in each, the visitor, the seller
  // and the super admin walk side by side.
  for (const look of LOOKS) {
    it(look.name, { timeout: 480_000 }, async () => {
      const found = await Promise.all((['visitor', 'seller', 'admin'] as const).map((who) => walk(look, who)));
      expect(found.flat()).toEqual([]);
    });
  }
});

describe('focus after a move inside the site', () => {
  for (const look of [LOOKS[0]!, LOOKS[4]!]) {
    it(`lands on the new page's heading (${look.name})`, async () => {
      const page = await lookPage(look, 'visitor');
      await page.goto('/');
      await hydrated(page);
      const focused = () =>
        page.evaluate(() => {
          const active = document.activeElement;
          return { tag: active?.tagName, inMain: !!active?.closest('main'), text: active?.textContent?.trim() ?? '' };
        });
      // A category from the front page, then an ad from its results: client-side moves, no reloads
      // (the mark set on the window stays).
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      const catalog = page.locator('main a[href^="/catalogs/"]').first();
      await catalog.click();
      await page.waitForURL(/\/catalogs\//);
      await expect.poll(focused).toMatchObject({ tag: 'H1', inMain: true });
      await page.locator('main article a[href]').first().click();
      await page.waitForURL((url) => UUID.test(url.pathname));
      await expect.poll(focused).toMatchObject({ tag: 'H1', inMain: true });
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      await page.context().close();
    });
  }
});
