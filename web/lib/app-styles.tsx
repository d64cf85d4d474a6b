import { createContext, useContext } from 'react';

/**
 * The site's stylesheet (web/app.css) as text, which the server's render provides
 * (web/entry.server.tsx): a built page carries it in a `<style>` of its own head instead of a
 * `<link>`, so a phone paints after the document alone, without another round trip before the
 * first paint (about 9 KB brotli; Lighthouse measured the stylesheet's request as most of what
 * was left before the first paint, bench/RESULTS.md). Later pages come by client navigation and
 * keep it. During development the root links the stylesheet instead, for Vite's hot reload.
 */
export const AppStylesContext = createContext('');

/**
 * The stylesheet written into the head. The browser's hydration leaves the server's contents as
 * they are (React does not compare `dangerouslySetInnerHTML` when hydrating) and never rewrites
 * them after, since the client's value never changes.
 */
export function AppStyles() {
  const css = useContext(AppStylesContext);
  return <style id="app-styles" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
