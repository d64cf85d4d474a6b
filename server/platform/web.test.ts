import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleSlug } from '../../common/access.ts';
import { catalogTree } from '../db/seed/catalog-tree.ts';
import { createUser, loginAs } from '../test/accounts.ts';
import { createAd } from '../test/ads.ts';
import { buildTestApp } from '../test/app.ts';
import { testVite } from '../test/vite.ts';

// The pages rendered through Vite's module graph (as `npm run dev` does), so no build is needed.
let app: FastifyInstance;
const ads: Record<string, { uuid: string; name: string }> = {};

beforeAll(async () => {
  app = await buildTestApp({}, { web: { mode: 'development', vite: await testVite() } });
  const seller = await createUser(app, { name: 'Sami Myyjä' });
  ads.bike = await createAd(app, {
    userId: seller.id,
    name: 'Helkama polkupyörä',
    catalog: 'city-bikes',
    city: '837',
    priceCents: 12050,
    description: 'Hyvä pyörä <b>ilman</b> ruostetta.',
  });
  ads.sofa = await createAd(app, { userId: seller.id, name: 'Kulmasohva', catalog: 'sofas-and-armchairs', city: '091' });
  ads.sold = await createAd(app, { userId: seller.id, name: 'Myyty jopo', catalog: 'city-bikes', status: 'sold' });
  ads.waiting = await createAd(app, { userId: seller.id, name: 'Tarkastuksessa', catalog: 'city-bikes', status: 'moderate' });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('server-rendered pages', () => {
  it('renders the front page in Finnish by default, with the greeting and the suffixed title', async () => {
    const res = await app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<html lang="fi"');
    expect(title(res.body)).toBe('Osta ja myy koko Suomessa | Kauppis');
    expect(res.body).toMatch(/Hyvää (huomenta|päivää|iltaa)!/);
    expect(res.body).toContain('href="/catalogs/transport"');
  });

  it('sends the page compressed to a browser that reads brotli', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(title(zlib.brotliDecompressSync(res.rawPayload).toString())).toBe('Osta ja myy koko Suomessa | Kauppis');
  });

  it('renders Russian when the language cookie says ru', async () => {
    const res = await app.inject({ url: '/', headers: { cookie: 'lang=ru' } });
    expect(res.body).toContain('<html lang="ru"');
    expect(title(res.body)).toBe('Покупайте и продавайте по всей Финляндии | Kauppis');
    expect(res.body).toMatch(/(Доброе утро|Добрый день|Добрый вечер)!/);
  });

  it('follows the browser language when nothing is stored, and ?lang= over everything', async () => {
    const browser = await app.inject({ url: '/', headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(browser.body).toContain('<html lang="en"');
    const explicit = await app.inject({ url: '/?lang=ru', headers: { cookie: 'lang=en' } });
    expect(explicit.body).toContain('<html lang="ru"');
    const unknown = await app.inject({ url: '/?lang=xx', headers: { cookie: 'lang=de' } });
    expect(unknown.body).toContain('<html lang="fi"');
  });

  it('puts description, canonical, hreflang alternates and Open Graph in the head', async () => {
    const res = await app.inject({ url: '/about', headers: { cookie: 'lang=en' } });
    expect(title(res.body)).toBe('About | Kauppis');
    // Served in English by the cookie at the Finnish address: that address is the canonical.
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:3000/about"/>');
    const english = await app.inject({ url: '/about?lang=en' });
    expect(english.body).toContain('<link rel="canonical" href="http://localhost:3000/about?lang=en"/>');
    expect(res.body).toContain('hrefLang="fi" href="http://localhost:3000/about"');
    expect(res.body).toContain('hrefLang="ru" href="http://localhost:3000/about?lang=ru"');
    expect(res.body).toContain('<meta property="og:title" content="About | Kauppis"/>');
    expect(res.body).toContain('Statistics Finland');
  });

  it('answers an unknown path with a real 404 and the NotFound page', async () => {
    const res = await app.inject({ url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(title(res.body)).toBe('Sivua ei löytynyt | Kauppis');
    expect(res.body).toContain('Takaisin etusivulle');
  });

  it('treats a single segment that is not an ad as NotFound', async () => {
    expect((await app.inject({ url: '/not-an-ad' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it('lists the latest ads on the front page and searches from the URL', async () => {
    const home = await app.inject({ url: '/' });
    expect(home.body).toContain('Helkama polkupyörä');
    expect(home.body).not.toContain('Tarkastuksessa');
    const searched = await app.inject({ url: '/?q=sohva' });
    expect(searched.body).toContain('Kulmasohva');
    expect(searched.body).not.toContain('Helkama polkupyörä');
    expect(searched.body).toContain('name="robots" content="noindex"');
    const listView = await app.inject({ url: '/?view=list&sort=price_desc&page=abc&region=x' });
    expect(listView.statusCode).toBe(200);
  });

  it('filters from the URL, shows the chips and keeps the canonical the bare page', async () => {
    const cheap = await app.inject({ url: '/?price_to=50&posted=week', headers: { cookie: 'lang=en' } });
    expect(cheap.statusCode).toBe(200);
    expect(cheap.body).toContain('Kulmasohva');
    expect(cheap.body).not.toContain('Helkama polkupyörä');
    expect(cheap.body).toContain('aria-label="Remove filter: up to €50"');
    expect(cheap.body).toContain('name="robots" content="noindex"');
    // The canonical is the address asked for (the language came from the cookie, not the URL).
    expect(cheap.body).toMatch(/<link rel="canonical" href="[^"?]*\/"\/>/);
    // The card says when the ad was posted, counted from the loader's moment.
    expect(cheap.body).toMatch(/<time dateTime="[^"]+">(now|\d+ min ago)<\/time>/);
    const catalog = await app.inject({ url: '/catalogs/transport?kind=wanted' });
    expect(catalog.body).toContain('name="robots" content="noindex"');
    expect(catalog.body).toMatch(/<link rel="canonical" href="[^"?]*\/catalogs\/transport"\/>/);
  });

  it('finds a place typed by its Swedish name before scripts load, and says so when none matches', async () => {
    const tammerfors = await app.inject({ url: '/?place=tammerfors' });
    expect(tammerfors.body).toContain('Helkama polkupyörä');
    expect(tammerfors.body).not.toContain('Kulmasohva');
    const nowhere = await app.inject({ url: '/?place=Atlantis', headers: { cookie: 'lang=en' } });
    expect(nowhere.statusCode).toBe(200);
    expect(nowhere.body).toContain('No municipality or region found');
  });

  it('answers a price range the wrong way round with the reason and no results, not an error page', async () => {
    const res = await app.inject({ url: '/?price_from=500&price_to=10', headers: { cookie: 'lang=en' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('is higher than');
    expect(res.body).not.toContain('Kulmasohva');
    for (const url of ['/?price_from=-5&kind=steal&posted=year&images=2', '/?price_to=1e400', '/?q=%F0%9F%99%82']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('answers odd search addresses without a server error: control characters refused, absurd numbers ignored', async () => {
    for (const url of ['/?q=py%00r%C3%A4', '/?q=%1b%5B31m', '/catalogs/vehicles?q=a%00']) {
      expect((await app.inject({ url })).statusCode, url).toBe(422);
    }
    for (const url of ['/?region=99999999999&city=2147483648&page=9999', '/?q=' + 'x'.repeat(5000), '/?sort=%27%3B--']) {
      expect((await app.inject({ url })).statusCode, url).toBe(200);
    }
  });

  it('renders an ad with its title, price and Product JSON-LD without JavaScript', async () => {
    const res = await app.inject({ url: `/${ads.bike!.uuid}`, headers: { cookie: 'lang=en' } });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('Helkama polkupyörä | Kauppis');
    expect(res.body).toContain('€120.50');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(res.body)?.[1];
    expect(JSON.parse(ld!)).toMatchObject({
      '@type': 'Product',
      name: 'Helkama polkupyörä',
      offers: { price: '120.50', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' },
    });
    expect(res.body).toContain('<meta property="og:type" content="product"/>');
    // The description is text, never HTML.
    expect(res.body).not.toContain('<b>ilman</b>');
  });

  it("renders a signed-in person's wish badge and pressed hearts in the first HTML", async () => {
    const buyer = await loginAs(app, await createUser(app));
    const headers = { cookie: `session=${buyer.token}; lang=en` };
    for (const ad of [ads.bike!, ads.sofa!]) {
      const toggled = await app.inject({
        method: 'POST',
        url: '/api/update-user-wishes',
        headers: buyer.headers,
        payload: { product_id: ad.uuid },
      });
      expect(toggled.statusCode).toBe(200);
    }
    const page = await app.inject({ url: `/${ads.bike!.uuid}`, headers });
    expect(page.body).toContain('aria-label="Wish list, saved ads: 2"');
    expect(page.body).toContain('aria-pressed="true" aria-label="Save to wish list: Helkama polkupyörä"');
    const visitor = await app.inject({ url: `/${ads.bike!.uuid}`, headers: { cookie: 'lang=en' } });
    expect(visitor.body).not.toContain('Wish list, saved ads');
  });

  it('shows a sold ad with its status and hides an ad under review', async () => {
    const sold = await app.inject({ url: `/${ads.sold!.uuid}`, headers: { cookie: 'lang=en' } });
    expect(sold.statusCode).toBe(200);
    expect(sold.body).toContain('>Sold<');
    expect((await app.inject({ url: `/${ads.waiting!.uuid}` })).statusCode).toBe(404);
  });

  it('lists the ads of a catalog and its descendants on the catalog page', async () => {
    const res = await app.inject({ url: '/catalogs/transport' });
    expect(res.body).toContain('Helkama polkupyörä');
    expect(res.body).not.toContain('Kulmasohva');
  });

  it('renders catalog pages from the tree and 404s unknown or mismatched catalog paths', async () => {
    const ok = await app.inject({ url: '/catalogs/transport', headers: { cookie: 'lang=en' } });
    expect(ok.statusCode).toBe(200);
    expect(title(ok.body)).toBe(`${catalogTree[0]!.name.en} | Kauppis`);
    expect((await app.inject({ url: '/catalogs/no-such-catalog' })).statusCode).toBe(404);
    // A real child slug under the wrong parent (as after a move) leads to its current path: slugs are unique.
    const flat = (await app.inject({ url: '/api/catalogs-flatten' })).json().data as { slug: string; path: string[] }[];
    const child = flat.find((c) => c.path.length === 2 && c.path[0] === 'electronics')!;
    const moved = await app.inject({ url: `/catalogs/transport/${child.slug}` });
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(`/catalogs/${child.path.join('/')}`);
    expect((await app.inject({ url: `/catalogs/${child.path.join('/')}` })).statusCode).toBe(200);
    expect((await app.inject({ url: `/catalogs/no-such-parent/${child.slug}` })).statusCode).toBe(404);
  });

  it('answers an old catalog slug with 301 to the current path (query kept), and 404 for a hidden catalog', async () => {
    const admin = await createUser(app, { roles: ['user', 'admin'] });
    const headers = (await loginAs(app, admin)).headers;
    const tree = (await app.inject({ url: '/api/admin/catalogs', headers })).json().data as { id: number; slug: string; path: string[] }[];
    const bikes = tree.find((c) => c.slug === 'city-bikes')!;
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/api/admin/catalogs/${bikes.id}`,
      headers,
      payload: { slug: 'kaupunkipyorat' },
    });
    expect(renamed.statusCode).toBe(200);
    const old = await app.inject({ url: `/catalogs/${bikes.path.join('/')}?sort=price_asc` });
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/catalogs/${[...bikes.path.slice(0, -1), 'kaupunkipyorat'].join('/')}?sort=price_asc`);
    const current = await app.inject({ url: old.headers.location as string });
    expect(current.statusCode).toBe(200);
    expect(current.body).toContain('Helkama polkupyörä');

    await app.inject({ method: 'POST', url: `/api/admin/catalogs/${bikes.id}/visibility`, headers, payload: { hidden: true } });
    expect((await app.inject({ url: old.headers.location as string })).statusCode).toBe(404);
    expect((await app.inject({ url: `/catalogs/${bikes.path.join('/')}` })).statusCode).toBe(404);
    // The ad itself stays on its own page.
    expect((await app.inject({ url: `/${ads.bike!.uuid}` })).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: `/api/admin/catalogs/${bikes.id}/visibility`, headers, payload: { hidden: false } });
    await app.inject({ method: 'PATCH', url: `/api/admin/catalogs/${bikes.id}`, headers, payload: { slug: 'city-bikes' } });
  });

  it('sends a signed-out visitor from a login-required page to log-in, remembering where they were going', async () => {
    const res = await app.inject({ url: '/wishes' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirectTo=%2Fwishes');
  });

  it('shows admin pages as NotFound to anyone who is not an admin', async () => {
    expect((await app.inject({ url: '/admin' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/admin/users' })).statusCode).toBe(404);
  });

  it('opens the ad moderation and the admin front page, and nothing else of the area, to moderators', async () => {
    const as = async (roles: RoleSlug[]) => {
      const { token } = await loginAs(app, await createUser(app, { roles }));
      return { cookie: `session=${token}; lang=en` };
    };
    const moderator = await as(['moderator']);
    const moderation = await app.inject({ url: '/admin/advertisements', headers: moderator });
    expect(moderation.statusCode).toBe(200);
    expect(title(moderation.body)).toContain('|');
    expect((await app.inject({ url: '/admin/users', headers: moderator })).statusCode).toBe(404);
    // Every staff member lands on the admin front page and sees their own queues there.
    const front = await app.inject({ url: '/admin', headers: moderator });
    expect(front.statusCode).toBe(200);
    expect(front.body).toContain('Ads waiting for review');
    expect(front.body).not.toContain('New users and ads per day');
    for (const url of ['/admin/roles', '/admin/permissions', '/admin/phpinfo', '/admin/audit-log']) {
      expect((await app.inject({ url, headers: moderator })).statusCode, url).toBe(404);
    }
    const editor = await as(['editor']);
    expect((await app.inject({ url: '/admin', headers: editor })).statusCode).toBe(200);
    const user = await as(['user']);
    expect((await app.inject({ url: '/admin', headers: user })).statusCode).toBe(404);
    expect((await app.inject({ url: '/admin/advertisements', headers: user })).statusCode).toBe(404);
    const admin = await as(['admin']);
    expect((await app.inject({ url: '/admin/advertisements', headers: admin })).statusCode).toBe(200);
    expect((await app.inject({ url: '/admin/users', headers: admin })).statusCode).toBe(200);
  });

  it('renders the admin area’s overview, roles, permissions, system and audit-log pages for an admin', async () => {
    const { token } = await loginAs(app, await createUser(app, { roles: ['user', 'admin'] }));
    const admin = { cookie: `session=${token}; lang=en` };
    const expected: Record<string, string> = {
      '/admin': 'New users and ads per day',
      '/admin/roles': 'Create role',
      '/admin/permissions': 'Permissions by role',
      '/admin/phpinfo': '0000_extensions',
      '/admin/audit-log?action=login&from=2020-01-01': 'Entries:',
    };
    for (const [url, text] of Object.entries(expected)) {
      const page = await app.inject({ url, headers: admin });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(text);
    }
    // A filter that cannot be read is named on its field, never a server error.
    const bad = await app.inject({ url: '/admin/audit-log?from=yesterday&actor=99999999999', headers: admin });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('Enter a valid date.');
    expect(bad.body).toContain('That user ID is too large.');
  });

  it('shows guest pages to visitors with their title', async () => {
    const res = await app.inject({ url: '/login', headers: { cookie: 'lang=en' } });
    expect(res.statusCode).toBe(200);
    expect(title(res.body)).toBe('Log in | Kauppis');
  });

  // The info pages themselves (stored texts, sanitizing, /terms) are tested in modules/pages/pages.web.test.ts.
  it('404s info slugs outside the footer’s seven', async () => {
    expect((await app.inject({ url: '/info/whatever' })).statusCode).toBe(404);
  });

  it('sends a hash-based Content-Security-Policy that names every inline script of the page, and no nonce', async () => {
    const res = await app.inject({ url: `/${ads.bike!.uuid}` });
    const csp = String(res.headers['content-security-policy']);
    // Script elements that run (JSON-LD is data: no policy applies to it, and it needs no hash).
    const scriptSources = /script-src ([^;]+)/.exec(csp)![1]!.split(' ');
    const inline = [...res.body.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1]!)
      .filter(Boolean);
    expect(inline.length).toBeGreaterThan(2);
    for (const script of inline) {
      expect(scriptSources).toContain(`'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(csp).not.toContain('nonce');
    expect(res.body).not.toContain('nonce=');
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('names every inline script of a signed-in page too, React’s own for the bar’s late badges included', async () => {
    const person = await createUser(app, { name: 'Kirjautunut' });
    const token = await app.services.auth.createSession(person.id, false, { ip: '127.0.0.1', userAgent: undefined, locale: 'fi' });
    const res = await app.inject({ url: '/', headers: { cookie: `session=${token}` } });
    expect(res.statusCode).toBe(200);
    // The signed-in bar's buttons are a Suspense boundary completed by a script of React's.
    expect(res.body).toContain('href="/notifications"');
    const scriptSources = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    const inline = [...res.body.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1]!)
      .filter(Boolean);
    const blocked = inline.filter(
      (script) => !scriptSources.includes(`'sha256-${crypto.createHash('sha256').update(script).digest('base64')}'`),
    );
    expect(blocked).toEqual([]);
  });

  it('answers a page form with text PostgreSQL cannot keep as a refusal on the form, never a 500', async () => {
    for (const payload of ['email=a%00b%40example.com&password=x', 'email=a%ED%A0%80%40example.com&password=x%00']) {
      const res = await app.inject({
        method: 'POST',
        url: '/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
        payload,
      });
      expect(res.statusCode, payload).toBeLessThan(500);
    }
    const register = await app.inject({
      method: 'POST',
      url: '/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: 'name=Mal%00lory&email=m%40example.com&password=Kelpo%23Salasana42&password_confirmation=Kelpo%23Salasana42&terms=on',
    });
    expect(register.statusCode).toBe(422);
    expect(register.body).toContain('The text contains control characters that cannot be saved.');
  });

  it('does not allow an inline script that reached the page through user content', async () => {
    const seller = await createUser(app, { name: 'Skriptaaja' });
    const evil = 'alert(document.cookie)';
    const ad = await createAd(app, { userId: seller.id, name: 'Skriptiteline', description: `<script>${evil}</script> myydään` });
    const res = await app.inject({ url: `/${ad.uuid}` });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    // However the description is shown, the policy names no script of that content.
    expect(csp).not.toContain(`'sha256-${crypto.createHash('sha256').update(evil).digest('base64')}'`);
    const scriptSources = /script-src ([^;]+)/.exec(csp)![1]!.split(' ');
    const allowed = scriptSources.filter((source) => source.startsWith("'sha256-"));
    const inline = [...res.body.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1]!)
      .filter(Boolean);
    expect(allowed).toHaveLength(new Set(inline).size);
  });

  it('renders the dark theme on the server when the theme cookie says so (no flash)', async () => {
    const res = await app.inject({ url: '/', headers: { cookie: 'theme=dark' } });
    expect(res.body).toMatch(/<html lang="fi" class="dark"/);
  });

  it('leaves the cookie banner out once the visitor has answered', async () => {
    const unanswered = await app.inject({ url: '/' });
    expect(unanswered.body).toContain('id="consent-title"');
    const answered = await app.inject({ url: '/', headers: { cookie: 'consent=denied' } });
    expect(answered.body).not.toContain('id="consent-title"');
  });

  it('keeps unknown API paths as JSON 404s even with the pages mounted', async () => {
    const res = await app.inject({ url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().code).toBe('route_not_found');
  });
});
