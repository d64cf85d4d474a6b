import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../web/i18n/en.json' with { type: 'json' };
import fi from '../web/i18n/fi.json' with { type: 'json' };
import { axeRuleViolations, checkA11y, closeBrowser, hydrated, MOBILE, newPage, open, screenshot } from './browser';

const DEMO_PASSWORD = 'Kauppis#Demo2026';
const messages = { fi, en } as const;

/** A text by its key in a language, with its {{params}} filled in: the journey reads what the user reads. */
function text(language: keyof typeof messages, key: string, params: Record<string, string | number> = {}): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[language]);
  return String(value).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(params[name]));
}
const t = (key: string, params?: Record<string, string | number>) => text('fi', key, params);

async function logIn(page: Page, email: string, redirectTo: string): Promise<void> {
  await open(page, `/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel(t('account.fields.email')).fill(email);
  await page.getByLabel(t('account.fields.password'), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: t('account.login.submit'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === redirectTo);
  await hydrated(page);
}

async function fresh(language: 'fi' | 'en', options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage({
    locale: language === 'fi' ? 'fi-FI' : 'en-GB',
    extraHTTPHeaders: { 'accept-language': language },
    ...options,
  });
  await page.context().addCookies([{ name: 'consent', value: 'granted', url: process.env.E2E_BASE_URL! }]);
  return page;
}

afterAll(closeBrowser);

describe('an editor writes a blog post, and a visitor reads it', () => {
  const stamp = Date.now().toString(36);
  const title = `Turvallinen kauppa kesällä ${stamp}`;
  const slug = `turvallinen-kauppa-kesalla-${stamp}`;
  let editor: Page;

  beforeAll(async () => {
    editor = await fresh('fi');
    await logIn(editor, 'editor@example.com', '/admin/blog');
  });

  it('writes a post with a heading, a list, a link and a picture, and publishes it', async () => {
    await editor.getByRole('link', { name: t('admin_blog.list.new') }).click();
    await editor.waitForURL((url) => url.pathname === '/admin/blog/blog-new');
    await hydrated(editor);
    await editor.getByRole('textbox', { name: t('admin_blog.form.title'), exact: true }).fill(title);
    // The address follows the title until it is edited by hand.
    await expect.poll(() => editor.getByRole('textbox', { name: t('admin_blog.form.slug'), exact: true }).inputValue()).toBe(slug);
    await editor.getByRole('textbox', { name: t('admin_blog.form.excerpt') }).fill('Näin tapaat myyjän turvallisesti.');

    const body = editor.getByRole('textbox', { name: t('admin_blog.form.body') });
    await body.waitFor();
    const toolbar = editor.getByRole('toolbar', { name: t('editor.toolbar') });
    await body.click();
    await toolbar.getByRole('button', { name: t('editor.heading2'), exact: true }).click();
    await editor.keyboard.type('Tapaa julkisella paikalla');
    await editor.keyboard.press('Enter');
    await editor.keyboard.type('Muutama hyvä tapa:');
    await editor.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: t('editor.bullet_list'), exact: true }).click();
    await editor.keyboard.type('Tarkista tuote ennen maksua');
    await editor.keyboard.press('Enter');
    await editor.keyboard.type('Älä maksa etukäteen tuntemattomalle');
    await editor.keyboard.press('Enter');
    await editor.keyboard.press('Enter');
    await editor.keyboard.type('Lue lisää: ');

    await toolbar.getByRole('button', { name: t('editor.link'), exact: true }).click();
    const linkDialog = editor.getByRole('dialog', { name: t('editor.link_dialog.title') });
    await linkDialog.getByRole('textbox', { name: t('editor.link_dialog.address') }).fill('https://www.poliisi.fi/');
    await linkDialog.getByRole('button', { name: t('editor.link_dialog.apply') }).click();
    await linkDialog.waitFor({ state: 'detached' });

    const picture = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer();
    const chooser = editor.waitForEvent('filechooser');
    await toolbar.getByRole('button', { name: t('editor.picture'), exact: true }).click();
    await (await chooser).setFiles({ name: 'kauppa.png', mimeType: 'image/png', buffer: picture });
    const pictureDialog = editor.getByRole('dialog', { name: t('editor.picture_dialog.title') });
    await pictureDialog.getByRole('textbox', { name: t('editor.picture_dialog.alt') }).fill('Kaksi ihmistä kauppakeskuksessa');
    await pictureDialog.getByRole('button', { name: t('editor.picture_dialog.insert') }).click();
    await pictureDialog.waitFor({ state: 'detached' });
    await body.locator('img[src^="/media/"]').waitFor();

    await editor.getByLabel(t('admin_blog.form.status')).selectOption('published');
    await screenshot(editor, 'blog-editor');
    await checkA11y(editor, 'blog editor');
    await editor.getByRole('button', { name: t('admin_blog.editor.save') }).click();
    await editor.waitForURL((url) => url.pathname.startsWith('/admin/blog/edit/'));
    await editor.getByText(t('admin_blog.editor.saved')).first().waitFor();
    // The saved post's editor: its translation links and its side column beside the admin navigation.
    await checkA11y(editor, 'blog editor, saved post');
    expect(await axeRuleViolations(editor, ['landmark-unique', 'heading-order'])).toEqual([]);
  });

  it('shows the post to a visitor in the blog and at its own address', async () => {
    const visitor = await fresh('fi', { viewport: MOBILE });
    await open(visitor, '/blog');
    const card = visitor.getByRole('link', { name: title });
    await card.waitFor();
    await screenshot(visitor, 'blog-index-phone');
    await checkA11y(visitor, 'blog index');
    await card.click();
    await visitor.waitForURL((url) => url.pathname === `/blog/${slug}`);
    await hydrated(visitor);

    await visitor.getByRole('heading', { level: 1, name: title }).waitFor();
    await visitor.getByRole('heading', { level: 2, name: 'Tapaa julkisella paikalla' }).waitFor();
    await expect.poll(() => visitor.getByRole('listitem').filter({ hasText: 'Älä maksa etukäteen tuntemattomalle' }).count()).toBe(1);
    const link = visitor.getByRole('link', { name: 'https://www.poliisi.fi/' });
    expect(await link.getAttribute('rel')).toBe('noopener nofollow ugc');
    const img = visitor.getByRole('img', { name: 'Kaksi ihmistä kauppakeskuksessa' });
    await expect.poll(() => img.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true);
    expect(await visitor.title()).toContain(title);
    await screenshot(visitor, 'blog-post-phone');
    await checkA11y(visitor, 'blog post');

    // The page is the server's: the same text without any script.
    const html = await (await visitor.request.get(`/blog/${slug}`)).text();
    expect(html).toContain('Tapaa julkisella paikalla');
    expect(html).toContain('"@type":"Article"');
    await visitor.context().close();
  });
});

describe('an editor changes the English privacy policy, and the footer link shows it', () => {
  const sentence = `We answer every privacy request within one week (${Date.now().toString(36)}).`;

  it('saves the new English text as a new version', async () => {
    const editor = await fresh('fi');
    await logIn(editor, 'editor@example.com', '/admin/pages/privacy-policy/en');
    const body = editor.getByRole('textbox', { name: t('admin_pages.body_label') });
    await body.waitFor();
    await body.click();
    await editor.keyboard.press('Control+End');
    await editor.keyboard.press('Enter');
    await editor.keyboard.type(sentence);
    await editor.getByText(t('admin_pages.unsaved')).waitFor();
    await editor.getByRole('button', { name: t('admin_pages.save') }).click();
    await editor.getByText(t('info_pages.saved')).first().waitFor();
    await screenshot(editor, 'info-page-editor');
    await editor.context().close();
  });

  it('shows the new text to an English reader who follows the footer link', async () => {
    const reader = await fresh('en');
    await open(reader, '/');
    const footer = reader.getByRole('contentinfo');
    await footer.getByRole('link', { name: text('en', 'footer.privacy-policy') }).click();
    await reader.waitForURL((url) => url.pathname === '/info/privacy-policy');
    await reader.getByText(sentence).waitFor();
    await reader.getByText(text('en', 'info_pages.last_updated'), { exact: false }).first().waitFor();
    await screenshot(reader, 'info-privacy-en');
    await checkA11y(reader, 'privacy policy');
    await reader.context().close();
  });
});
