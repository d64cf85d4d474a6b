import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import { type Browser, type BrowserContextOptions, type Page, chromium } from 'playwright-core';

/** Where `screenshot` writes; git-ignored. */
export const screenshotDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');

export const baseURL = process.env.E2E_BASE_URL ?? '';

let browser: Browser | undefined;

/** Chromium's flags for this machine: headless, offline from Google's services. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium, headless; never a downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run test:e2e`.');
  browser ??= await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

export const DESKTOP = { width: 1280, height: 900 };
export const MOBILE = { width: 390, height: 844 };

export interface NewPageOptions extends Omit<BrowserContextOptions, 'baseURL'> {
  locale?: string;
}

/** A page in a fresh context (no cookies, no storage) pointed at the server under test. */
export async function newPage(options: NewPageOptions = {}): Promise<Page> {
  const b = await launchBrowser();
  const context = await b.newContext({ viewport: DESKTOP, locale: 'fi-FI', timezoneId: 'Europe/Helsinki', ...options, baseURL });
  const page = await context.newPage();
  // Errors in the page's own scripts make a journey fail loudly rather than pass by accident:
  // page-errors.setup.ts fails the test during which they were thrown.
  page.on('pageerror', (error) => {
    const line = `${page.url()}: ${error.message}`;
    console.error(`[page error] ${line}`);
    pageErrors.push(line);
  });
  return page;
}

const pageErrors: string[] = [];

/** The errors thrown in the pages' scripts since the last call, with the address of each page. */
export function takePageErrors(): string[] {
  return pageErrors.splice(0);
}

/** A full-page PNG in e2e/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export interface SeriousViolation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core on the current page: the serious and critical violations, flattened for messages. */
export async function seriousA11yViolations(page: Page): Promise<SeriousViolation[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

/** Chosen axe rules of any impact (heading-order and landmark-unique are "moderate", which checkA11y lets pass). */
export async function axeRuleViolations(page: Page, rules: string[]): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(rules).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** The outline the browser draws around the focused element (the keyboard's focus ring). */
export async function focusOutline(page: Page): Promise<{ style: string; width: string }> {
  return page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: style.outlineWidth };
  });
}

/** One line per violation and element, for logs and assertion messages. */
export function formatViolations(violations: SeriousViolation[]): string {
  return violations.map((v) => `${v.impact} ${v.rule} (${v.help}): ${v.targets.join(', ')}`).join('\n');
}

/**
 * Text contrast of the "you are here" items of navigation (the pager's current page, a current
 * chip): axe files these under "incomplete" instead of failing them, since a 1:1 ratio may be text
 * hidden on purpose and one digit is "too short to judge", so the pager's number was invisible in
 * both themes while axe passed. Measured here from the computed colours (WCAG 2 ratio, 4.5:1).
 */
export async function lowContrastCurrentItems(page: Page): Promise<{ target: string; ratio: number }[]> {
  return page.evaluate(() => {
    const rgba = (value: string): number[] => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    };
    const background = (element: Element | null): number[] => {
      for (let node = element; node; node = node.parentElement) {
        const [r, g, b, a = 1] = rgba(getComputedStyle(node).backgroundColor);
        if (a > 0.5) return [r, g, b];
      }
      return [255, 255, 255];
    };
    const found: { target: string; ratio: number }[] = [];
    for (const element of document.querySelectorAll('nav [aria-current], [role="navigation"] [aria-current]')) {
      if (!(element as HTMLElement).innerText?.trim()) continue;
      const fg = luminance(rgba(getComputedStyle(element).color));
      const bg = luminance(background(element));
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      if (ratio < 4.5) found.push({ target: element.outerHTML.slice(0, 120), ratio: Math.round(ratio * 100) / 100 });
    }
    return found;
  });
}

/** Serious and critical axe findings fail the journey; they are also printed with their selectors. */
export async function checkA11y(page: Page, label: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  if (violations.length > 0) console.warn(`axe (${label}):\n${formatViolations(violations)}`);
  expect(violations, `serious or critical axe violations (${label})`).toEqual([]);
  expect(await lowContrastCurrentItems(page), `current navigation items with too little contrast (${label})`).toEqual([]);
}

/** React has hydrated once every button on the page carries its props (click handlers work). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const buttons = [...document.querySelectorAll('button')];
    return buttons.length > 0 && buttons.every((b) => Object.keys(b).some((k) => k.startsWith('__reactProps$')));
  });
}

export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}
