/**
 * Which texts a public page needs to hydrate, and which may come later. A visitor's first page
 * (home, a catalog, an ad, an info or blog page) loads only the `first` part of its language (about
 * a fifth of the file); the rest arrives when the browser is idle after hydration, and before any
 * dialog opens (web/entry.client.tsx, web/components/lazy-dialogs.tsx). Other pages load the whole
 * file first. Anything the shell or a public page renders must be in the `first` part, or hydration
 * would show the key: message-parts.test.ts reads those components and checks.
 * Entries are namespaces ("search") or keys and subtrees ("chat.your_ad", "account.banner"); a
 * key's plural forms ("_one", "_other") come with it.
 */
export const FIRST_LOAD_TEXTS = [
  'nav',
  'footer',
  'consent',
  'theme',
  'languages',
  'toast',
  'dialog',
  'greeting',
  'home',
  'search',
  'ad',
  'ad_kinds',
  'price_per',
  'seller',
  // The owner's actions on their own ad's page (loaded for the owner right after hydration).
  'showcase.edit',
  'showcase.change_status',
  'showcase.change_status_of',
  'showcase.saving',
  'showcase.delete',
  'showcase.delete_confirm',
  'showcase.make',
  'status',
  // The owner's line about the ad's time and its renew button; the ended ad's page (410).
  'lifecycle.archived',
  'lifecycle.ended_on',
  'lifecycle.ending_on',
  'lifecycle.runs_until',
  'lifecycle.renew',
  'lifecycle.renew_named',
  'lifecycle.renewing',
  'lifecycle.gone',
  // The shared form controls and confirmation dialog the owner's actions are built from.
  'account.common.cancel',
  'account.common.working',
  'account.fields.email',
  'edit_ad.cancel',
  'wishes',
  // "Save search" beside the results' count; its dialog waits for all the texts (lazy-dialogs.tsx).
  'saved_searches.save',
  'saved_searches.login_needed',
  'user_menu',
  'error_page',
  'not_found',
  'coming',
  'ribbon',
  // The banner; the rest of `impersonation` (and of `blog`, `info_pages`) are the server's messages.
  'impersonation.banner_label',
  'impersonation.banner',
  'impersonation.return',
  'impersonation.returning',
  // What the API client says of a failed call (web/lib/api-client.ts); the rest of `errors` are
  // the server's messages, which arrive written out.
  'errors.bad_request',
  'errors.unauthenticated',
  'errors.forbidden',
  'errors.not_found',
  'errors.internal',
  'errors.http_status',
  'errors.network',
  'errors.unknown',
  'about',
  'terms',
  'info_pages.last_updated',
  'info_pages.not_translated',
  'blog.heading',
  'blog.categories',
  'blog.all_categories',
  'blog.empty',
  'blog.empty_category',
  'blog.published_on',
  'blog.by_author',
  'blog.back_to_blog',
  'blog.other_languages',
  // The ad page's map button; the map dialog waits for all the texts (lazy-dialogs.tsx).
  'map.open',
  'report_ad',
  'appeal',
  'account.banner',
  'chat.badge_label',
  // The top bar's bell (its label with and without a count); the page waits for all the texts.
  'notifications.title',
  'notifications.badge_label',
  'chat.your_ad',
  'chat.to_messenger',
  'reports.rules',
  'reports.ad_reasons',
  // The "Strongly identified" badge of the ad page's seller card and the seller page.
  'identity.badge',
  'identity.badge_label',
  // The rating summary ("★ 4,7 (12 arviota)") of the ad page's seller card and the seller page.
  'ratings.summary',
  // A business seller's details and the consumer-law note of the ad page (trader-details.tsx).
  'business.badge',
  'business.details',
  'business.business_id',
  'business.consumer',
  // The safety tip beside the ad page's "Send message" (web/components/safety-tip.tsx).
  'safety.label',
  'safety.read_more',
  'safety.ad_tip',
  // "Copy link" and "Share" beside the ad page's networks (web/components/share-actions.tsx).
  'share',
  // The units beside the filter sheet's ranges of a category's fields ("Mileage (km)").
  'attributes.unit',
] as const;

/** Namespaces only the server uses (mails, its validation messages): never sent to a browser. */
export const SERVER_ONLY_NAMESPACES = ['mail'] as const;

type Messages = Record<string, unknown>;

function covers(entry: string, path: string): boolean {
  return path === entry || path.startsWith(`${entry}.`) || path.startsWith(`${entry}_`);
}

/** The messages under the given entries (`first`), or all the others but the server's (`rest`). */
export function pickMessages(messages: Messages, part: 'first' | 'rest'): Messages {
  const wanted = (path: string) => FIRST_LOAD_TEXTS.some((entry) => covers(entry, path));
  const partly = (path: string) => FIRST_LOAD_TEXTS.some((entry) => entry.startsWith(`${path}.`));
  const walk = (node: Messages, prefix: string): Messages => {
    const out: Messages = {};
    for (const [key, value] of Object.entries(node)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (!prefix && (SERVER_ONLY_NAMESPACES as readonly string[]).includes(key)) continue;
      const inFirst = wanted(path);
      if (inFirst) {
        if (part === 'first') out[key] = value;
      } else if (partly(path) && value && typeof value === 'object') {
        const sub = walk(value as Messages, path);
        if (Object.keys(sub).length > 0) out[key] = sub;
      } else if (part === 'rest') {
        out[key] = value;
      }
    }
    return out;
  };
  return walk(messages, '');
}
