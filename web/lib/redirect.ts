// The API's own test for `redirect_to` (oauth.schemas.ts): one leading slash, not "//" or "/\",
// and no backslash, space or control character anywhere.
// eslint-disable-next-line no-control-regex
const SAME_SITE_PATH = /^\/(?![/\\])[^\\\s\u0000-\u001f\u007f]*$/;

/**
 * Where to go after log-in: only a path on this site ("/wishes", "/settings/profile?x=1").
 * "//evil.example" and "/\evil.example" are other sites to a browser, so they fall back home.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  return value && value.length <= 500 && SAME_SITE_PATH.test(value) ? value : fallback;
}
