import fs from 'node:fs';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { type Plugin, defineConfig } from 'vite';
import { LOCALES, isLocale } from './common/locales';
import { pickMessages } from './web/lib/message-parts';

const MESSAGES = 'virtual:messages/';

/**
 * `virtual:messages/<locale>/<first|rest>`: one language's texts split as web/lib/message-parts.ts
 * says; `virtual:messages/loaders`: a loader of each part for every language of common/locales.ts.
 */
function messageParts(): Plugin {
  return {
    name: 'kauppis-message-parts',
    resolveId: (id) => (id.startsWith(MESSAGES) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${MESSAGES}`)) return undefined;
      if (id === `\0${MESSAGES}loaders`) {
        const loaders = (part: string) =>
          `{ ${LOCALES.map((l) => `${l}: () => import(${JSON.stringify(`${MESSAGES}${l}/${part}`)})`).join(', ')} }`;
        return `export const first = ${loaders('first')};\nexport const rest = ${loaders('rest')};`;
      }
      const [locale, part] = id.slice(MESSAGES.length + 1).split('/');
      if (!isLocale(locale) || (part !== 'first' && part !== 'rest')) throw new Error(`unknown ${id}`);
      const file = path.resolve(import.meta.dirname, 'web/i18n', `${locale}.json`);
      this.addWatchFile(file);
      const picked = pickMessages(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>, part);
      // JSON.parse of a string literal parses faster than the same object as code.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(picked))});`;
    },
  };
}

/**
 * What every page loads first, in a few files instead of fifty: each file is a request and
 * compresses alone (scripts/js-budget.mjs checks the result after every build).
 * - framework: React, React DOM, React Router (needed by every page, changes rarely);
 * - app: the shared code of our own the shell and the public pages use (lib, hooks, common, the
 *   shared components and lucide's icon factory and icons), shared by two or more chunks.
 * Dialogs and other code loaded on use are left out of `app` (they import react-aria, Leaflet,
 * Tiptap…): grouping them would pull those into the first load.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/;
const APP = /[\\/](web[\\/](lib|hooks|components)|common)[\\/]|node_modules[\\/]lucide-react[\\/]/;
/** Modules loaded on use (their own chunk), and what only they import. */
const ON_USE =
  /[\\/]web[\\/](lib[\\/](realtime|picture-check|auth-state|push-device)|components[\\/](push-toggle|drawer(?:-panel)?|user-menu|form-dialog|confirm-dialog|carousel-dialog|city-combo-box|ad-status|rich-text-[\w-]+|password-[\w-]+))\.tsx?$/;
/**
 * Icons only code loaded on use draws (the notification bell: the signed-in badges, the menu, the
 * drawer, its page), which `app` would otherwise take in for being shared by two chunks.
 */
const ON_USE_ICONS = /node_modules[\\/]lucide-react[\\/].*[\\/]icons[\\/]bell\.m?js$/;

export default defineConfig({
  plugins: [tailwindcss(), messageParts(), reactRouter()],
  publicDir: 'web/public',
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 20 },
            {
              name: 'app',
              test: (id: string) => APP.test(id) && !ON_USE.test(id) && !ON_USE_ICONS.test(id),
              priority: 10,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: { hmr: { port: 24678 } },
});
