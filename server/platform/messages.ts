import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../../common/locales.ts';
import { projectRoot } from '../paths.ts';

/** Where each language's texts live: `web/i18n/<code>.json`, the files the browser loads too. */
export const messagesDir = path.join(projectRoot, 'web/i18n');

/**
 * Every language's texts at once, for the server (mails, API messages, page texts) and the tests:
 * one file per language of `LOCALES`, read when the server loads (a new language adds no line here).
 * The browser loads each language alone (web/lib/i18n.ts).
 */
export const MESSAGES: Readonly<Record<Locale, Record<string, unknown>>> = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(fs.readFileSync(path.join(messagesDir, `${locale}.json`), 'utf8')) as Record<string, unknown>,
  ]),
) as Record<Locale, Record<string, unknown>>;
