// The data of the alerts benchmark (bench/alerts.ts, issue 29): one ad in twelve made a give-away,
// a wanted or a rental, BENCH_USERS people, and BENCH_SEARCHES saved searches in the mix
// (60 % catalog and place, 30 % with words, 10 % with a price), normalised as the saved-searches
// module does; each distinct query stored once and compiled by the app's own rekey job
// (alerts.rekey), as a deployment compiles the queries a migration stored. A run re-uses what is
// there: searches are saved again only when their number or this mix changed (noted on the table).
import type pg from 'pg';
import { normaliseQuery } from '../server/modules/saved-searches/saved-searches.service.ts';
import type { SavedSearchQuery } from '../server/modules/saved-searches/saved-searches.schemas.ts';
import type { Services } from '../server/services.ts';
import { createRandom } from './lib/random.ts';

/** Noted on the table: searches saved by another version of the mix below are saved again. */
const MIX = 'bench/alerts.ts mix 3';
/** Bench accounts are recognised by their address; the ads' seller (generate.ts) is not one. */
const EMAIL_DOMAIN = 'alerts.bench.invalid';
const BATCH = 10_000;

export interface AlertsData {
  pool: pg.Pool;
  services: Services;
  users: number;
  searches: number;
}

const { rand, pick, chance } = createRandom(20261127);
/** A price as people type one: two significant digits. */
const nice = (euros: number) => {
  const step = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(euros, 1))) - 1);
  return Math.max(step, Math.round(euros / step) * step);
};

interface SampleAd {
  catalog_id: number;
  city_id: number;
  region_id: number;
  name: string;
  price_cents: number;
}

/** Words of generate.ts's ad names that describe the state, not the thing: nobody saves a search for them. */
const STATE_WORDS = new Set([
  'hyväkuntoinen',
  'uudenveroinen',
  'vähän',
  'käytetty',
  'siisti',
  'toimiva',
  'huollettu',
  'käyttämätön',
  'edullinen',
]);
/** What people look for that the generated ads hardly have: alerts wait for the rare thing. */
const RARE_WANTS = [
  'lego',
  'nintendo switch',
  'playstation 5',
  'airpods',
  'macbook',
  'dyson',
  'thule',
  'weber grilli',
  'kuntopyörä',
  'juoksumatto',
  'trampoliini',
  'pinnasänky',
  'puutarhakalusteet',
  'kamiina',
  'saunakiuas',
  'akvaario',
  'aurinkopaneeli',
  'ilmalämpöpumppu',
  'sähköpotkulauta',
  'kajakki',
  'kanootti',
  'lumilauta',
  'golfmailat',
  'ompelukone',
  'kahvinkeitin',
  'astianpesukone',
  'pakastin',
  'jääkaappi',
  'kirjoituspöytä',
  'työtuoli',
  'näyttö',
  'pelituoli',
  'vinyylilevyt',
  'levysoitin',
  'kamera',
  'objektiivi',
  'drooni',
  'akkuporakone',
  'ruohonleikkuri',
  'lumilinko',
  'klapikone',
  'halkoja',
  'peräkärryn kate',
  'koiran häkki',
  'hevosen loimi',
  'ratsastuskypärä',
  'marimekko unikko',
  'iittala taika',
  'arabia paratiisi',
  'artek jakkara',
  'muumimuki',
  'vintage',
  'retro',
  'antiikki',
  'taulu',
  'matto',
  'valaisin',
  'kattokruunu',
  'peili',
  'vaatekaappi',
];
/** What a search names besides the thing: a size, a model, a year. */
const MODIFIERS = ['13', '14 pro', '15', '16', '17', '29', 'xl', 'pro', 'mini', 'max', '2019', 'sähkö', 'musta', 'valkoinen', 'nahka'];

/**
 * The searches people save, drawn from the catalog tree and a sample of the ads (where they are,
 * what they are called, what they cost).
 */
function searchMix(catalogRows: { id: number; parent_id: number | null }[], sampleAds: SampleAd[]) {
  const parentOf = new Map(catalogRows.map((c) => [c.id, c.parent_id]));
  const hasChildren = new Set(catalogRows.map((c) => c.parent_id).filter((id): id is number => id !== null));
  const leaves = catalogRows.filter((c) => !hasChildren.has(c.id)).map((c) => c.id);

  /** The catalog itself (90 %), its parent (9 %) or its root (1 %): an alert is for something in particular. */
  function widen(catalogId: number): number {
    const r = rand();
    if (r < 0.9) return catalogId;
    let id = catalogId;
    if (r < 0.99) return parentOf.get(id) ?? id;
    while (parentOf.get(id)) id = parentOf.get(id)!;
    return id;
  }

  /**
   * Demand follows supply only in part: 20 % where the ads are, 80 % spread over every category (an
   * alert is for the thing one waits for, often a rare one).
   */
  const demandCatalog = () => widen(chance(0.2) ? pick(sampleAds).catalog_id : pick(leaves));

  /** Where the person lives, as the ads are spread (a few big cities): one town, one region or two towns. */
  function place(): Pick<SavedSearchQuery, 'cities' | 'regions'> {
    const ad = pick(sampleAds);
    const r = rand();
    if (r < 0.7) return { cities: [ad.city_id] };
    if (r < 0.95) return { regions: [ad.region_id] };
    return { cities: [ad.city_id, pick(sampleAds).city_id] };
  }

  /** Heads and tails of the compounds people type for things (a "lastenkengät", a "puutarha tuoli"): the wide world the ads are a sample of. */
  const HEADS = ['lasten', 'kesä', 'talvi', 'nahka', 'puu', 'sähkö', 'retro', 'design', 'vauvan', 'koiran'];
  const HEADS_MORE = ['auton', 'mökki', 'sauna', 'keittiö', 'kylpyhuone', 'puutarha', 'kuntosali', 'golf', 'kalastus', 'ratsastus'];
  const TAILS = ['kengät', 'takki', 'pöytä', 'tuoli', 'lamppu', 'matto', 'kello', 'laukku', 'kypärä', 'sänky', 'hylly', 'kaappi'];
  const TAILS_MORE = [
    'teline',
    'peili',
    'verhot',
    'astiat',
    'lelut',
    'vaatteet',
    'renkaat',
    'pyörä',
    'kassi',
    'rattaat',
    'sohva',
    'grilli',
  ];
  const THINGS = [
    ...RARE_WANTS,
    ...[...HEADS, ...HEADS_MORE].flatMap((head, i) =>
      [...TAILS, ...TAILS_MORE].map((tail, k) => ((i + k) % 2 ? `${head}${tail}` : `${head} ${tail}`)),
    ),
  ];

  /**
   * What a search with words asks for: mostly things of the wide world (80 %: the ads name about 60
   * things, people want hundreds), else the thing an ad names with a model or size (7 %), with the
   * ad's brand (3 %) or alone (10 %).
   */
  function wantedText(): { text: string; ad: SampleAd | undefined } {
    const r = rand();
    if (r < 0.8) return { text: THINGS[Math.floor(THINGS.length * rand() ** 1.5)]!, ad: undefined };
    const ad = pick(sampleAds);
    const words = ad.name
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => !STATE_WORDS.has(w));
    const thing = words.length > 1 ? words.slice(1).join(' ') : words.join(' ');
    if (r < 0.87) return { text: `${thing} ${pick(MODIFIERS)}`, ad };
    if (r < 0.9) return { text: words.join(' '), ad };
    return { text: thing, ad };
  }

  /** Filters a few add: pictures only, another kind than selling. */
  function extras(): Partial<SavedSearchQuery> {
    const out: Partial<SavedSearchQuery> = {};
    if (chance(0.08)) out.with_images = true;
    if (chance(0.05)) out.kinds = [pick(['give', 'give', 'give', 'wanted', 'rent'] as const)];
    return out;
  }

  /** A price range around what such things cost: up to (50 %), from (15 %) or both. */
  function priceRange(anchorCents: number): Pick<SavedSearchQuery, 'price_from' | 'price_to'> {
    const euros = Math.max(5, anchorCents / 100);
    const r = rand();
    if (r < 0.5) return { price_to: nice(euros * (0.5 + rand())) };
    if (r < 0.65) return { price_from: nice(euros * (0.3 + rand() * 0.5)) };
    const from = nice(euros * (0.2 + rand() * 0.4));
    return { price_from: from, price_to: Math.max(from + 1, nice(euros * (0.9 + rand()))) };
  }

  /** The mix of the issue: 60 % catalog and place, 30 % with words, 10 % with a price. */
  function savedQuery(): SavedSearchQuery {
    const r = rand();
    if (r < 0.6) return { catalogs: [demandCatalog()], ...place(), ...extras() };
    if (r < 0.9) {
      const { text, ad } = wantedText();
      const q: SavedSearchQuery = { name: text, ...extras() };
      if (chance(0.75)) Object.assign(q, place());
      if (ad && chance(0.2)) q.catalogs = [widen(ad.catalog_id)];
      return q;
    }
    if (chance(0.6)) {
      const ad = pick(sampleAds);
      const q: SavedSearchQuery = { catalogs: [chance(0.5) ? widen(ad.catalog_id) : demandCatalog()], ...priceRange(ad.price_cents) };
      return chance(0.8) ? { ...q, ...place() } : q;
    }
    const { text, ad } = wantedText();
    const q: SavedSearchQuery = { name: text, ...priceRange((ad ?? pick(sampleAds)).price_cents) };
    return chance(0.7) ? { ...q, ...place() } : q;
  }

  const ALERTS = [
    ['instant', 0.25],
    ['daily', 0.55],
    ['weekly', 0.12],
    ['off', 0.08],
  ] as const;
  function alertsOf(): string {
    let r = rand();
    for (const [alerts, share] of ALERTS) if ((r -= share) < 0) return alerts;
    return 'daily';
  }
  const channelsOf = () => (chance(0.75) ? '{email}' : chance(0.8) ? '{email,push}' : '{push}');
  /** Saved searches per person: most keep a few, some many, none more than the limit of 50. */
  const searchesPerPerson = () => Math.min(50, 1 + Math.floor(-Math.log(1 - rand()) * 4));
  return { savedQuery, alertsOf, channelsOf, searchesPerPerson };
}

/** A name as the saved searches module makes one: the text, the category, the place, the price. */
async function searchNamer(services: Services): Promise<(q: SavedSearchQuery) => string> {
  const [flatCatalogs, cityNames, regionNames] = await Promise.all([
    services.catalog.flatten('fi'),
    services.geo.listCities('fi'),
    services.geo.listRegions('fi'),
  ]);
  const names = new Map<string, string>([
    ...flatCatalogs.map((c) => [`c${c.id}`, c.name] as const),
    ...cityNames.map((c) => [`t${c.id}`, c.name] as const),
    ...regionNames.map((r) => [`r${r.id}`, r.name] as const),
  ]);
  return (q) => {
    const parts = [
      q.name,
      ...(q.catalogs ?? []).map((id) => names.get(`c${id}`)),
      ...(q.cities ?? []).map((id) => names.get(`t${id}`)),
      ...(q.regions ?? []).map((id) => names.get(`r${id}`)),
      q.price_from !== undefined || q.price_to !== undefined ? `${q.price_from ?? ''}–${q.price_to ?? ''} €` : undefined,
    ];
    return parts.filter(Boolean).join(' · ') || 'Kaikki';
  };
}

/**
 * Makes sure the benchmark's people and saved searches are there, and every distinct query is
 * compiled (the app's rekey job: after migration 0027, or when the rules changed). Answers the
 * people's ids.
 */
export async function prepareAlertsData({ pool, services, users: USERS, searches: SEARCHES }: AlertsData): Promise<number[]> {
  const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await pool.query(text, values)).rows as T[];
  const count = async (text: string, values: unknown[] = []) => Number((await query<{ n: string }>(text, values))[0]!.n);

  /** One ad in twelve is a give-away (free), a wanted or a rental, as on a live site; done once. */
  async function varyKinds(): Promise<void> {
    if (await count(`select count(*) as n from products where kind <> 'sell'`)) return;
    await query(`update products set kind = 'give', price_cents = 0 where id % 24 = 0`);
    await query(`update products set kind = 'wanted' where id % 24 = 1`);
    await query(`update products set kind = 'rent' where id % 24 = 2 and catalog_id in (
      select id from catalogs where slug in ('apartments-for-rent', 'garages-and-parking', 'cottages-for-sale', 'vans', 'utility-trailers'))`);
    await query(`vacuum analyze products`);
  }

  async function ensureUsers(): Promise<number[]> {
    const have = await count(`select count(*) as n from users where email like $1`, [`%@${EMAIL_DOMAIN}`]);
    for (let done = have; done < USERS; done += BATCH) {
      const n = Math.min(BATCH, USERS - done);
      const ids = Array.from({ length: n }, (_, i) => done + i + 1);
      await query(
        `insert into users (name, email, email_verified_at, locale)
         select 'Hakija ' || i, 'alerts-' || i || '@${EMAIL_DOMAIN}', now(), l from unnest($1::int[], $2::text[]) as t(i, l)`,
        [ids, ids.map(() => (chance(0.88) ? 'fi' : chance(0.66) ? 'en' : 'ru'))],
      );
    }
    // As autovacuum would: the candidates' plan joins the users.
    await query(`analyze users`);
    return (await query<{ id: number }>(`select id from users where email like $1 order by id`, [`%@${EMAIL_DOMAIN}`])).map((u) => u.id);
  }

  async function ensureSearches(userIds: number[]): Promise<void> {
    const have = await count(`select count(*) as n from saved_searches`);
    const made = (await query<{ mix: string | null }>(`select obj_description('saved_searches'::regclass) as mix`))[0]?.mix;
    if (have === SEARCHES && made === MIX) return;
    console.log(have ? `saving the ${SEARCHES} searches again (${have} stored, or the mix changed)` : `saving ${SEARCHES} searches`);
    await query(`truncate saved_searches, saved_search_queries cascade`);
    const catalogRows = await query<{ id: number; parent_id: number | null }>(`select id, parent_id from catalogs`);
    const sampleAds = await query<SampleAd>(
      `select catalog_id, city_id, region_id, name, price_cents from products where status = 'active' and id % 41 = 0 order by id`,
    );
    const mix = searchMix(catalogRows, sampleAds);
    const searchName = await searchNamer(services);
    const started = performance.now();
    let rows: [number, string, string, string, string][] = [];
    const flush = async () => {
      const column = (k: number) => rows.map((row) => row[k]);
      // Each distinct query once (not compiled: the rekey job compiles them), then the searches naming it.
      await query(
        `insert into saved_search_queries (query) select distinct q::jsonb from unnest($1::text[]) as t(q) on conflict (fingerprint) do nothing`,
        [column(2)],
      );
      await query(
        `insert into saved_searches (user_id, name, query, alerts, channels, query_id)
         select u, n, q::jsonb, a, c::text[], (select id from saved_search_queries where fingerprint = md5(q::jsonb::text))
         from unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) as t(u, n, q, a, c)`,
        [column(0), column(1), column(2), column(3), column(4)],
      );
      rows = [];
    };
    let saved = 0;
    for (let u = 0; saved < SEARCHES; u = (u + 1) % userIds.length) {
      const own = new Set<string>();
      for (let i = mix.searchesPerPerson(); i > 0 && saved < SEARCHES; i--) {
        const q = mix.savedQuery();
        await services.products.checkFilters(q);
        const json = JSON.stringify(normaliseQuery(q));
        if (own.has(json)) continue;
        own.add(json);
        rows.push([userIds[u]!, searchName(JSON.parse(json) as SavedSearchQuery), json, mix.alertsOf(), mix.channelsOf()]);
        saved += 1;
        if (rows.length === BATCH) await flush();
      }
    }
    if (rows.length) await flush();
    await query(`comment on table saved_searches is '${MIX}'`);
    console.log(`saved ${saved} searches in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  await varyKinds();
  const userIds = await ensureUsers();
  await ensureSearches(userIds);
  const started = performance.now();
  const compiled = await services.alerts.rekey();
  if (compiled) {
    console.log(`compiled ${compiled} saved queries in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await query(`vacuum analyze saved_searches, saved_search_queries, saved_search_query_keys`);
  }
  return userIds;
}
