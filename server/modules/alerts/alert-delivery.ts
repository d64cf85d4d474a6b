import type { Locale } from '../../../common/locales.ts';
import { searchPathOf } from '../../../common/search-url.ts';
import type { SavedSearchAlerts } from '../../db/schema/saved-searches.ts';
import { translate } from '../../platform/i18n.ts';
import { adCard, adLabels } from '../ads/ads.presenter.ts';
import type { SavedSearchQuery } from '../saved-searches/saved-searches.schemas.ts';
import { type MailSearch, alertMails, mailPrice } from './alerts.mails.ts';
import type { AlertItem } from './alerts.repo.ts';
import { type AlertsDeps, JOB_KINDS, unsubscribeToken } from './alerts.service.ts';
import { finnishDate, isFinnishMonday, nextFinnishHour } from './helsinki-time.ts';

/** A digest shows at most this many ads of one search, then "N more". */
export const DIGEST_ADS_PER_SEARCH = 20;
/** Digests go out at this hour, Finnish time. */
export const DIGEST_HOUR = 7;
/** People whose digest is made at once (of the database pool's ten connections). */
const DIGEST_CONCURRENCY = 4;

/**
 * Delivering the alerts matching left for the searches (issue 29): an instant search's mail (its
 * person's waiting alerts in one), its notification-centre entry and push, each a job of its own,
 * and the morning digest. Alerts are taken for a mail in the statement that marks them, and given
 * back when the mail fails.
 */
export function createAlertDelivery(
  deps: AlertsDeps,
  helpers: {
    numberOf: (payload: Record<string, unknown>, key: string) => number;
    scheduleRekey: (now: Date) => Promise<void>;
  },
) {
  const { repo, jobs, site } = deps;
  const { numberOf, scheduleRekey } = helpers;
  const url = (path: string) => `${site.publicUrl}${path}`;
  const absolute = (address: string) => (/^https?:\/\//.test(address) ? address : url(address));

  /** The mail's part of each search: its ads as cards in the person's language, at most `perSearch`, and the rest counted. */
  async function mailSearches(items: AlertItem[], locale: Locale, perSearch: number): Promise<MailSearch[]> {
    const labels = await adLabels(deps.geo, deps.catalog, locale);
    const searches = new Map<number, MailSearch>();
    for (const item of items) {
      let search = searches.get(item.searchId);
      if (!search) {
        search = {
          name: item.searchName,
          url: url(searchPathOf(item.searchQuery as SavedSearchQuery)),
          ads: [],
          more: 0,
          unsubscribeUrl: url(`/unsubscribe/saved-search?token=${unsubscribeToken(deps.sealer, item.searchId)}`),
        };
        searches.set(item.searchId, search);
      }
      if (search.ads.length >= perSearch) {
        search.more += 1;
        continue;
      }
      const card = adCard(item.ad, labels, deps.storage);
      search.ads.push({
        name: card.name,
        price: mailPrice(locale, card.price),
        place: card.city.name,
        url: url(`/${card.uuid}`),
        picture: card.image ? absolute(card.image.card) : null,
      });
    }
    return [...searches.values()];
  }

  /** Takes the person's waiting alerts of these frequencies and mails them (given back when the mail fails). */
  async function mailAlerts(userId: number, frequencies: SavedSearchAlerts[], kind: 'instant' | 'digest', now: Date): Promise<boolean> {
    const taken = await repo.takeUnemailed(userId, frequencies, now);
    if (!taken) return false;
    const { recipient, items } = taken;
    try {
      // Every ad taken was hidden meanwhile: nothing to mail (they stay marked, as they would be mailed).
      if (!recipient || !items.length) return false;
      const searches = await mailSearches(items, recipient.locale, kind === 'instant' ? Number.MAX_SAFE_INTEGER : DIGEST_ADS_PER_SEARCH);
      const firstToken = unsubscribeToken(deps.sealer, items[0]!.searchId);
      const params = {
        name: recipient.name,
        site: site.siteName,
        settingsUrl: url('/saved-searches'),
        searches,
        oneClickUrl: url(`/api/saved-searches/unsubscribe?token=${firstToken}`),
      };
      await deps.mailer.send(alertMails[kind](recipient.locale, recipient.email, params));
      return true;
    } catch (error) {
      await repo.release(taken.alertIds);
      throw error;
    }
  }

  /** Queues the digest of the next 7:00 Finnish time after `now`, once (its key is the day). */
  async function scheduleDigest(now: Date): Promise<void> {
    const runAt = nextFinnishHour(now, DIGEST_HOUR);
    await jobs.enqueue(JOB_KINDS.digest, { day: finnishDate(runAt) }, { runAt, key: finnishDate(runAt) });
  }

  /** The digest of a morning: one mail per person for their daily searches (and weekly ones on Mondays). */
  async function sendDigests(now: Date): Promise<number> {
    await scheduleDigest(now);
    await scheduleRekey(now);
    const frequencies: SavedSearchAlerts[] = isFinnishMonday(now) ? ['daily', 'weekly'] : ['daily'];
    let sent = 0;
    let failed = 0;
    const recipients = await repo.digestRecipients(frequencies);
    // A few people at a time: each mail waits on the database most of its time (bench/alerts.ts),
    // and a person's alerts are taken in one statement, so no two mails share one.
    let next = 0;
    const mailNext = async () => {
      for (let userId = recipients[next++]; userId !== undefined; userId = recipients[next++]) {
        try {
          if (await mailAlerts(userId, frequencies, 'digest', now)) sent += 1;
        } catch (error) {
          failed += 1;
          deps.log('alert digest mail failed', { err: error, userId });
        }
      }
    };
    await Promise.all(Array.from({ length: DIGEST_CONCURRENCY }, mailNext));
    // The run is retried for those whose mail failed (the others' alerts are marked e-mailed).
    if (failed) throw new Error(`${failed} digest mails failed`);
    return sent;
  }

  /** The search and the ad (as a card in the search owner's language) an instant alert names; undefined when either is gone. */
  async function alertData(savedSearchId: number, productId: number) {
    const [search, row] = await Promise.all([repo.findSearch(savedSearchId), repo.activeCard(productId)]);
    if (!search || !row) return undefined;
    const card = adCard(row, await adLabels(deps.geo, deps.catalog, search.locale), deps.storage);
    return { search, card };
  }

  jobs.register(JOB_KINDS.instant, async (payload, job) => {
    await mailAlerts(numberOf(payload, 'userId'), ['instant'], 'instant', job.now);
  });
  jobs.register(JOB_KINDS.notify, async (payload) => {
    const found = await alertData(numberOf(payload, 'savedSearchId'), numberOf(payload, 'productId'));
    if (!found || !deps.notify) return;
    const { search, card } = found;
    await deps.notify(numberOf(payload, 'userId'), 'saved_search', {
      search_id: search.id,
      search_name: search.name,
      count: 1,
      ad: { uuid: card.uuid, name: card.name, picture: card.image ? absolute(card.image.thumb) : null },
    });
  });
  jobs.register(JOB_KINDS.push, async (payload, job) => {
    const savedSearchId = numberOf(payload, 'savedSearchId');
    const productId = numberOf(payload, 'productId');
    const found = await alertData(savedSearchId, productId);
    if (!found || !deps.push) return;
    const { search, card } = found;
    await deps.push(numberOf(payload, 'userId'), {
      title: translate(search.locale, 'alerts.push.title', { search: search.name }),
      body: `${card.name} · ${mailPrice(search.locale, card.price)} · ${card.city.name}`,
      url: `/${card.uuid}`,
      tag: `saved-search:${search.id}`,
    });
    await repo.markPushed(savedSearchId, productId, job.now);
  });
  jobs.register(JOB_KINDS.digest, async (_payload, job) => {
    await sendDigests(job.now);
  });

  return { scheduleDigest, sendDigests };
}
