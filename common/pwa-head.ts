/**
 * The installable app's part of every document head (issue 29, scope 5), put in by the page
 * server (server/platform/web.ts) rather than rendered by React, so the root route's JavaScript
 * does not grow: the manifest link, the dark theme colour (before the root's plain one, so a dark
 * system picks it), the home-screen icon, and in production the service worker's registration
 * once the page has loaded and the browser is idle.
 */
export const SERVICE_WORKER_BOOT_SCRIPT = `if('serviceWorker'in navigator)addEventListener('load',function(){(window.requestIdleCallback||setTimeout)(function(){navigator.serviceWorker.register('/sw.js').catch(function(){})})})`;

export const DARK_THEME_COLOR = '#0f141a';

/** The tags, the script marked with the render's nonce (the page server hashes marked scripts into its policy). */
export function pwaHeadTags(registerWith: { nonce: string } | null): string {
  return [
    `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${DARK_THEME_COLOR}"/>`,
    '<link rel="manifest" href="/manifest.webmanifest"/>',
    '<link rel="apple-touch-icon" href="/icons/icon-192.png"/>',
    registerWith ? `<script nonce="${registerWith.nonce}">${SERVICE_WORKER_BOOT_SCRIPT}</script>` : '',
  ].join('');
}

/** The document with the tags right after its charset (which must stay within the first bytes). */
export function withPwaHead(html: string, registerWith: { nonce: string } | null): string {
  const tags = pwaHeadTags(registerWith);
  const charset = /<meta charSet="utf-8"\/>/i.exec(html);
  if (charset) return html.slice(0, charset.index + charset[0].length) + tags + html.slice(charset.index + charset[0].length);
  const head = html.indexOf('</head>');
  return head === -1 ? html : html.slice(0, head) + tags + html.slice(head);
}
