import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { type AppLoadContext, type EntryContext, ServerRouter } from 'react-router';
import { createI18n, loadMessages } from './lib/i18n';
import { ScriptNonceProvider } from './lib/script-nonce';
import { I18nProvider } from './lib/use-translation';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../common/locales';

export const streamTimeout = 5_000;

// One translator per language, made once: a page only reads its language's texts, so the renders
// of many requests share it and its `t` (a new i18next instance for every request cost a tenth of
// the CPU). They share each language's texts, flattened once (common/translator.ts).
const resources = Object.fromEntries(await Promise.all(LOCALES.map(async (locale) => [locale, await loadMessages(locale)] as const)));
const i18nByLocale = new Map(LOCALES.map((locale) => [locale, createI18n(locale, resources)] as const));

/**
 * Renders the whole document before answering. The page server (server/platform/web.ts) sends a
 * page whole anyway: compressed once, with a Content-Security-Policy of the hashes of the inline
 * scripts marked with this render's nonce, and kept for the next anonymous visitor. Nothing on the
 * pages waits on slow data after the loaders, so streaming the shell first would win nothing.
 */
export default function handleRequest(
  _request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const locale: Locale = loadContext.locale ?? DEFAULT_LOCALE;
  const i18n = i18nByLocale.get(locale)!;

  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    let shellReady = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        responseHeaders.set('Content-Language', locale);
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: failed ? 500 : responseStatusCode }));
        done();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      // The nonce marks our own inline scripts (React Router's and the theme boot script): the page
      // server allows exactly the marked ones, by hash, and takes the mark out again.
      <ScriptNonceProvider value={loadContext.scriptNonce}>
        <I18nProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={_request.url} nonce={loadContext.scriptNonce} />
        </I18nProvider>
      </ScriptNonceProvider>,
      {
        // React's own inline scripts (completing a Suspense boundary that resolved late, such as
        // the signed-in bar's lazy badges) carry the mark too, or the policy would block them.
        nonce: loadContext.scriptNonce,
        onShellReady() {
          shellReady = true;
        },
        onAllReady() {
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          // Errors before the shell reach React Router (it logs them and renders the error boundary);
          // later ones only this log.
          if (shellReady) {
            failed = true;
            console.error(error);
          }
        },
      },
    );

    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}
