import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoleSlug } from '../../common/access.ts';
import { catalogAttributes } from '../db/schema/attributes.ts';
import { catalogs } from '../db/schema/catalog.ts';
import { roles } from '../db/schema/roles.ts';
import { searchSynonyms } from '../db/schema/search.ts';
import { type TestUser, createUser } from '../test/accounts.ts';
import { createAd } from '../test/ads.ts';
import { buildTestApp } from '../test/app.ts';
import { multipart } from '../test/multipart.ts';

/**
 * Who may call what: every route of the OpenAPI document against one table, for a visitor, each
 * role, an ad's owner and another user. A route added without a row here fails the first test.
 *
 * `allowed` means the call got past its guard (any answer but 401 and 403); a refusal is 401 for a
 * visitor and 403 for someone signed in. Each call runs with a fresh session and a fresh ad, so a
 * call that ends a session or deletes an ad cannot change the next one's answer.
 */
type Actor = 'visitor' | 'unverified' | 'user' | 'owner' | 'editor' | 'moderator' | 'admin' | 'superAdmin';
const ACTORS: Actor[] = ['visitor', 'unverified', 'user', 'owner', 'editor', 'moderator', 'admin', 'superAdmin'];
const SIGNED_IN = ACTORS.filter((a) => a !== 'visitor');
const VERIFIED = SIGNED_IN.filter((a) => a !== 'unverified');
const AD_STAFF: Actor[] = ['moderator', 'admin', 'superAdmin'];
const ADMINS: Actor[] = ['admin', 'superAdmin'];
const BLOG_STAFF: Actor[] = ['editor', ...ADMINS];
const PAGE_STAFF: Actor[] = ['editor', ...ADMINS];

interface Context {
  ad: { id: number; uuid: string };
  self: TestUser;
}
interface Row {
  allowed: readonly Actor[];
  request: (ctx: Context) => InjectOptions | Promise<InjectOptions>;
}

/** A verification link of the person's own address, signed as the mail would carry it. */
function verificationLink(self: TestUser): string {
  const hash = crypto.createHash('sha256').update(self.email.trim().toLowerCase()).digest('hex').slice(0, 40);
  const expires = Math.floor(Date.now() / 1000) + 600;
  const signature = app.services.platform.sealer.sign(`verify:${self.id}:${hash}:${expires}`);
  return `/api/verify-email/${self.id}/${hash}?expires=${expires}&signature=${signature}`;
}

/** A picture upload as the forms send it. */
async function pictureForm(fields: Record<string, string>): Promise<InjectOptions> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();
  const body = await multipart([{ field: 'files', name: 'a.png', type: 'image/png', data: png }], fields);
  return { payload: body.payload, headers: body.headers };
}

const uuid0 = '00000000-0000-4000-8000-000000000000';

/** A conversation about the ad: a buyer of its own has written, so the ad's owner (the seller) is the other member. */
async function roomAbout(ad: Context['ad']): Promise<{ roomId: number; messageId: number }> {
  const buyer = await createUser(app);
  const token = await app.services.auth.createSession(buyer.id, false, { ip: '127.0.0.1', userAgent: undefined, locale: 'en' });
  const reply = await app.inject({
    method: 'POST',
    url: `/api/channel/product/${ad.uuid}/messages`,
    headers: { authorization: `Bearer ${token}` },
    payload: { text: 'Onko vielä myynnissä?', client_id: crypto.randomUUID() },
  });
  return { roomId: reply.json().room_id, messageId: reply.json().data.id };
}
/** A role of the site's own, held by nobody: one per call, since a call may delete it. */
async function customRole(): Promise<number> {
  const [role] = await app.services.database.db
    .insert(roles)
    .values({ slug: `custom-${crypto.randomUUID().slice(0, 8)}`, name: `Oma ${crypto.randomUUID().slice(0, 8)}` })
    .returning({ id: roles.id });
  return role!.id;
}

/** A top-level category of its own, without ads: one per call, since a call may merge or delete it. */
async function freshCatalog(): Promise<number> {
  const tag = crypto.randomUUID().slice(0, 8);
  const [row] = await app.services.database.db
    .insert(catalogs)
    .values({ slug: `matrix-${tag}`, nameFi: `Matriisi ${tag}`, names: { en: `Matrix ${tag}`, ru: `Матрица ${tag}` }, position: 1000 })
    .returning({ id: catalogs.id });
  return row!.id;
}

/** A synonym group of its own (two fresh words): one per call, since a call may change or delete it. */
let lastSynonymGroup = 1_000_000;
async function freshSynonymGroup(): Promise<number> {
  const groupId = ++lastSynonymGroup;
  await app.services.database.db.insert(searchSynonyms).values([
    { groupId, word: `matriisi${groupId}`, language: 'fi' },
    { groupId, word: `matrix${groupId}`, language: 'en' },
  ]);
  return groupId;
}

/** A field of its own on a fresh category: one per call, since a call may retire or change it. */
async function freshAttribute(): Promise<number> {
  const [row] = await app.services.database.db
    .insert(catalogAttributes)
    .values({ catalogId: await freshCatalog(), key: 'matrix', type: 'boolean', labels: { fi: 'Matriisi', en: 'Matrix', ru: 'Матрица' } })
    .returning({ id: catalogAttributes.id });
  return row!.id;
}

const roomRow = (request: (room: { roomId: number; messageId: number }) => InjectOptions): Row => ({
  allowed: ['owner'],
  request: async ({ ad }) => request(await roomAbout(ad)),
});
const open = (request: Row['request']): Row => ({ allowed: ACTORS, request });
const signedIn = (request: Row['request']): Row => ({ allowed: SIGNED_IN, request });

const TABLE: Record<string, Row> = {
  'GET /api/sanctum/csrf-cookie': open(() => ({})),
  'GET /healthz': open(() => ({})),
  'GET /readyz': open(() => ({})),
  'GET /api/cities': open(() => ({})),
  'GET /api/regions': open(() => ({})),
  'GET /api/catalogs-tree': open(() => ({})),
  'GET /api/catalogs-flatten': open(() => ({})),
  'GET /api/catalogs/{catalog}': open(() => ({ url: '/api/catalogs/transport' })),
  'GET /api/catalogs/{catalog}/{catalogChild1}': open(() => ({ url: '/api/catalogs/transport/cars' })),
  'GET /api/catalogs/{catalog}/{catalogChild1}/{catalogChild2}': open(() => ({ url: '/api/catalogs/transport/cars/none' })),
  'POST /api/products': open(() => ({ payload: {} })),
  'GET /api/product/{id}': open(({ ad }) => ({ url: `/api/product/${ad.uuid}` })),
  'POST /api/same-products-in-the-city': open(({ ad }) => ({ payload: { catalogId: 1, cityId: 1, currentProductId: ad.id } })),
  'POST /api/same-products': open(({ ad }) => ({ payload: { catalogId: 1, cityId: 1, currentProductId: ad.id } })),
  'POST /api/search-hint': open(() => ({ payload: { query: 'po' } })),
  // Selling: publishing needs a verified account; an ad is changed by its owner or ad staff.
  'POST /api/product': {
    allowed: VERIFIED,
    request: () =>
      pictureForm({ name: 'Polkupyörä', description: 'Hyvä pyörä, vähän ajettu.', price: '10', city_id: '1', catalog_id: '1' }),
  },
  'PATCH /api/product': { allowed: ['owner', ...AD_STAFF], request: ({ ad }) => ({ payload: { productUuid: ad.uuid, price: '20' } }) },
  'GET /api/product/{uuid}/edit': { allowed: ['owner', ...AD_STAFF], request: ({ ad }) => ({ url: `/api/product/${ad.uuid}/edit` }) },
  'DELETE /api/product/{uuid}': { allowed: ['owner', ...AD_STAFF], request: ({ ad }) => ({ url: `/api/product/${ad.uuid}` }) },
  // Only the seller renews (issue 27): staff get 403 too.
  'POST /api/product/{uuid}/renew': { allowed: ['owner'], request: ({ ad }) => ({ url: `/api/product/${ad.uuid}/renew` }) },
  // Anyone may ask from a browser (the seller's choice and the ad's visibility decide, not a role; robots get 403).
  'POST /api/product/{id}/phone': open(({ ad }) => ({
    url: `/api/product/${ad.uuid}/phone`,
    headers: { 'user-agent': 'Mozilla/5.0 Firefox/133.0' },
  })),
  'POST /api/product-images': { allowed: ['owner', ...AD_STAFF], request: ({ ad }) => pictureForm({ productUuid: ad.uuid }) },
  'POST /api/delete-product-images': {
    allowed: ['owner', ...AD_STAFF],
    request: ({ ad }) => ({ payload: { productUuid: ad.uuid, imageUuid: uuid0 } }),
  },
  'POST /api/product-images/order': {
    allowed: ['owner', ...AD_STAFF],
    request: ({ ad }) => ({ payload: { productUuid: ad.uuid, order: [] } }),
  },
  'PATCH /api/product/change-status': {
    allowed: ['owner', ...AD_STAFF],
    request: ({ ad }) => ({ payload: { id: ad.id, status: 'sold' } }),
  },
  'GET /api/user-products': signedIn(() => ({})),
  // Moderation.
  'POST /api/admin/products': { allowed: AD_STAFF, request: () => ({ payload: {} }) },
  'POST /api/admin/products/{uuid}/approve': {
    allowed: AD_STAFF,
    request: ({ ad }) => ({ url: `/api/admin/products/${ad.uuid}/approve` }),
  },
  'POST /api/admin/products/{uuid}/reject': {
    allowed: AD_STAFF,
    request: ({ ad }) => ({ url: `/api/admin/products/${ad.uuid}/reject`, payload: { reason: 'Kuvat puuttuvat' } }),
  },
  // Messenger (before the accounts' rows: the verification row confirms the unverified actor's address).
  // A room is read and written by its two members only (here the seller, the ad's owner).
  'GET /api/chat-rooms': signedIn(() => ({})),
  'GET /api/chat-unread': signedIn(() => ({})),
  'GET /api/chat-room/{id}': roomRow(({ roomId }) => ({ url: `/api/chat-room/${roomId}` })),
  'POST /api/chat-room/{id}/messages': roomRow(({ roomId }) => ({
    url: `/api/chat-room/${roomId}/messages`,
    payload: { text: 'Kyllä on', client_id: crypto.randomUUID() },
  })),
  'POST /api/chat-room/{id}/read': roomRow(({ roomId, messageId }) => ({
    url: `/api/chat-room/${roomId}/read`,
    payload: { last_read_id: messageId },
  })),
  'POST /api/chat-room/{id}/block': roomRow(({ roomId }) => ({ url: `/api/chat-room/${roomId}/block` })),
  'DELETE /api/chat-room/{id}/block': roomRow(({ roomId }) => ({ url: `/api/chat-room/${roomId}/block` })),
  'POST /api/chat-room/{id}/report': roomRow(({ roomId }) => ({ url: `/api/chat-room/${roomId}/report`, payload: { reason: 'spam' } })),
  'GET /api/chat-room/{id}/pictures/{messageId}': roomRow(({ roomId, messageId }) => ({
    url: `/api/chat-room/${roomId}/pictures/${messageId}`,
  })),
  // Anyone signed in may ask about an ad they can see (its owner gets a 422: not to themselves).
  'GET /api/channel/product/{productUuid}': signedIn(({ ad }) => ({ url: `/api/channel/product/${ad.uuid}` })),
  // Writing needs a confirmed address.
  'POST /api/channel/product/{productUuid}/messages': {
    allowed: VERIFIED,
    request: ({ ad }) => ({ url: `/api/channel/product/${ad.uuid}/messages`, payload: { text: 'Hei', client_id: crypto.randomUUID() } }),
  },
  // Roles and permissions: admins and superAdmins (roles.manage; the role list also for users.manage).
  'GET /api/roles': { allowed: ADMINS, request: () => ({}) },
  'GET /api/roles-complete': { allowed: ADMINS, request: () => ({ url: '/api/roles-complete?page=1&per_page=5' }) },
  'GET /api/permissions': { allowed: ADMINS, request: () => ({}) },
  'POST /api/roles/create-role': {
    allowed: ADMINS,
    request: () => ({ payload: { name: `Rooli ${crypto.randomUUID().slice(0, 8)}`, permissions: [] } }),
  },
  'PATCH /api/roles/update-role/{id}': {
    allowed: ADMINS,
    request: async () => ({
      url: `/api/roles/update-role/${await customRole()}`,
      payload: { name: `Rooli ${crypto.randomUUID().slice(0, 8)}` },
    }),
  },
  'DELETE /api/roles/delete/role/{id}': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/roles/delete/role/${await customRole()}`, payload: {} }),
  },
  // Accounts as staff see them: users.manage (admins and superAdmins), each call on a fresh account.
  'POST /api/users': { allowed: ADMINS, request: () => ({ payload: { search_by: 'x' } }) },
  'PATCH /api/users/update-user/{id}': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/users/update-user/${(await createUser(app)).id}`, payload: { name: 'Uusi nimi' } }),
  },
  'POST /api/users/toggle-verify': {
    allowed: ADMINS,
    request: async () => ({ payload: { action: 'confirmVerifyUser', user: (await createUser(app, { verified: false })).id } }),
  },
  'POST /api/users/create-user': {
    allowed: ADMINS,
    request: () => ({ payload: { name: 'Uusi', email: `uusi-${crypto.randomUUID()}@example.com` } }),
  },
  'POST /api/users/toggle-block': {
    allowed: ADMINS,
    request: async () => ({ payload: { action: 'block', user: (await createUser(app)).id } }),
  },
  'DELETE /api/users/delete/user/{id}': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/users/delete/user/${(await createUser(app)).id}` }),
  },
  'GET /api/admin/system': { allowed: ADMINS, request: () => ({}) },
  // The category tree: categories.manage (admins and superAdmins), each change on a fresh category.
  'GET /api/admin/catalogs': { allowed: ADMINS, request: () => ({}) },
  'POST /api/admin/catalogs': {
    allowed: ADMINS,
    request: () => {
      const tag = crypto.randomUUID().slice(0, 8);
      return { payload: { name_fi: `Uusi ${tag}`, name_en: `New ${tag}`, name_ru: `Новая ${tag}` } };
    },
  },
  'PATCH /api/admin/catalogs/{id}': {
    allowed: ADMINS,
    request: async () => ({
      url: `/api/admin/catalogs/${await freshCatalog()}`,
      payload: { name_en: `Renamed ${crypto.randomUUID().slice(0, 8)}` },
    }),
  },
  'POST /api/admin/catalogs/{id}/move': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/catalogs/${await freshCatalog()}/move`, payload: { parent_id: null } }),
  },
  'POST /api/admin/catalogs/{id}/position': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/catalogs/${await freshCatalog()}/position`, payload: { position: 0 } }),
  },
  'POST /api/admin/catalogs/{id}/visibility': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/catalogs/${await freshCatalog()}/visibility`, payload: { hidden: true } }),
  },
  'POST /api/admin/catalogs/{id}/merge': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/catalogs/${await freshCatalog()}/merge`, payload: { into: await freshCatalog() } }),
  },
  'DELETE /api/admin/catalogs/{id}': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/catalogs/${await freshCatalog()}` }),
  },
  // Category fields: anyone reads a public category's; categories.manage defines them (issue 26).
  'GET /api/catalogs/{id}/attributes': open(() => ({ url: '/api/catalogs/1/attributes' })),
  'GET /api/admin/catalogs/{id}/attributes': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/catalogs/${await freshCatalog()}/attributes` }),
  },
  'POST /api/admin/catalogs/{id}/attributes': {
    allowed: ADMINS,
    request: async () => ({
      url: `/api/admin/catalogs/${await freshCatalog()}/attributes`,
      payload: { key: 'matrix', type: 'boolean', labels: { fi: 'Matriisi', en: 'Matrix', ru: 'Матрица' } },
    }),
  },
  'POST /api/admin/catalogs/{id}/attributes/order': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/catalogs/${await freshCatalog()}/attributes/order`, payload: { ids: [] } }),
  },
  'PATCH /api/admin/attributes/{id}': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/attributes/${await freshAttribute()}`, payload: { filter: true } }),
  },
  'POST /api/admin/attributes/{id}/retire': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/attributes/${await freshAttribute()}/retire` }),
  },
  'POST /api/admin/attributes/{id}/restore': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/attributes/${await freshAttribute()}/restore` }),
  },
  // The search's synonym groups: categories.manage, as the category tree (issue 28).
  'GET /api/admin/search-synonyms': { allowed: ADMINS, request: () => ({}) },
  'POST /api/admin/search-synonyms': {
    allowed: ADMINS,
    request: () => {
      const tag = crypto
        .randomUUID()
        .replace(/[^a-f]/g, '')
        .slice(0, 6);
      return { payload: { fi: [`uusisana${tag}`, `toinensana${tag}`] } };
    },
  },
  'PUT /api/admin/search-synonyms/{id}': {
    allowed: ADMINS,
    request: async () => {
      const tag = crypto
        .randomUUID()
        .replace(/[^a-f]/g, '')
        .slice(0, 6);
      return { url: `/api/admin/search-synonyms/${await freshSynonymGroup()}`, payload: { fi: [`muutettu${tag}`, `toinen${tag}`] } };
    },
  },
  'DELETE /api/admin/search-synonyms/{id}': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/search-synonyms/${await freshSynonymGroup()}` }),
  },
  'GET /api/admin/app-settings': { allowed: ADMINS, request: () => ({}) },
  // An empty change saves nothing: the call still goes through the guard.
  'PATCH /api/admin/app-settings': { allowed: ADMINS, request: () => ({ payload: {} }) },
  'GET /api/dashboard': signedIn(() => ({})),
  // The overview answers anyone holding a staff permission, each only their parts.
  // The blog: blog.manage (editors, admins, superAdmins); readers' calls are open.
  'GET /api/languages': open(() => ({})),
  'GET /api/blog': open(() => ({})),
  'GET /api/blog/{slug}': open(() => ({ url: '/api/blog/no-such-post' })),
  'GET /api/admin/blog/statuses': { allowed: BLOG_STAFF, request: () => ({}) },
  'POST /api/admin/blog/list': { allowed: BLOG_STAFF, request: () => ({ payload: { status: 'draft', page: 1 } }) },
  'GET /api/admin/blog/single/{id}': { allowed: BLOG_STAFF, request: () => ({ url: '/api/admin/blog/single/999999' }) },
  'POST /api/admin/blog/new-post': {
    allowed: BLOG_STAFF,
    request: () => ({ payload: { title: `Matriisi ${crypto.randomUUID().slice(0, 8)}`, language: 'fi', status: 'draft' } }),
  },
  'PATCH /api/admin/blog/update-post': { allowed: BLOG_STAFF, request: () => ({ payload: { id: 999999, title: 'Ei ole' } }) },
  'POST /api/admin/blog/preview': { allowed: BLOG_STAFF, request: () => ({ payload: { body_html: '<p>Hei</p>' } }) },
  'GET /api/admin/blog/categories': { allowed: BLOG_STAFF, request: () => ({}) },
  'POST /api/admin/blog/categories': {
    allowed: BLOG_STAFF,
    request: () => {
      const tag = crypto.randomUUID().slice(0, 8);
      return { payload: { name_fi: `Aihe ${tag}`, name_en: `Topic ${tag}`, name_ru: `Тема ${tag}` } };
    },
  },
  'PATCH /api/admin/blog/categories/{id}': {
    allowed: BLOG_STAFF,
    request: () => ({ url: '/api/admin/blog/categories/999999', payload: { name_fi: 'Ei ole' } }),
  },
  'DELETE /api/admin/blog/categories/{id}': { allowed: BLOG_STAFF, request: () => ({ url: '/api/admin/blog/categories/999999' }) },
  // Pictures for posts and info pages: blog.manage or pages.manage.
  'POST /api/admin/content-images': {
    allowed: BLOG_STAFF,
    request: async () => {
      const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#36c' } })
        .png()
        .toBuffer();
      const body = await multipart([{ field: 'file', name: 'a.png', type: 'image/png', data: png }]);
      return { payload: body.payload, headers: body.headers };
    },
  },
  'GET /api/admin/overview': { allowed: ['editor', ...AD_STAFF], request: () => ({}) },
  'GET /api/admin/queues': { allowed: ['editor', ...AD_STAFF], request: () => ({}) },
  'POST /api/admin/audit-log': { allowed: ADMINS, request: () => ({ payload: {} }) },
  // Info pages: anyone reads one (a page with no text is a 404, past the guard); pages.manage writes them.
  'GET /api/info/{slug}': open(() => ({ url: '/api/info/privacy-policy' })),
  'GET /api/admin/info-pages': { allowed: PAGE_STAFF, request: () => ({}) },
  'GET /api/admin/info-pages/{slug}/{locale}': { allowed: PAGE_STAFF, request: () => ({ url: '/api/admin/info-pages/contacts/fi' }) },
  // The same text each time: after the first call nothing changes, and the guard is still asked.
  'PUT /api/admin/info-pages/{slug}/{locale}': {
    allowed: PAGE_STAFF,
    request: () => ({ url: '/api/admin/info-pages/contacts/en', payload: { title: 'Contacts', body: '<p>Write to us.</p>' } }),
  },
  'POST /api/admin/info-pages/preview': { allowed: PAGE_STAFF, request: () => ({ payload: { body: '<p>Preview</p>' } }) },
  'GET /api/admin/info-pages/{slug}/{locale}/versions': {
    allowed: PAGE_STAFF,
    request: () => ({ url: '/api/admin/info-pages/contacts/fi/versions' }),
  },
  'GET /api/admin/info-pages/{slug}/{locale}/versions/{id}': {
    allowed: PAGE_STAFF,
    request: () => ({ url: '/api/admin/info-pages/contacts/fi/versions/999999' }),
  },
  'POST /api/admin/info-pages/{slug}/{locale}/versions/{id}/restore': {
    allowed: PAGE_STAFF,
    request: () => ({ url: '/api/admin/info-pages/contacts/fi/versions/999999/restore' }),
  },
  // Reports: anyone reports an ad (a visitor leaves an address) or writes to support; staff handle them.
  'POST /api/product/{productUuid}/report': open(({ ad }) => ({
    url: `/api/product/${ad.uuid}/report`,
    payload: { reason: 'spam', email: 'x@example.com' },
  })),
  'POST /api/contact': open(() => ({
    payload: { topic: 'support', name: 'Testi', email: 'x@example.com', message: 'Tarvitsen apua ilmoituksen kanssa.' },
  })),
  'GET /api/product/{productUuid}/decision': {
    allowed: ['owner', ...AD_STAFF],
    request: ({ ad }) => ({ url: `/api/product/${ad.uuid}/decision` }),
  },
  'POST /api/product/{productUuid}/appeal': {
    allowed: ['owner'],
    request: ({ ad }) => ({ url: `/api/product/${ad.uuid}/appeal`, payload: { text: 'Päätös on mielestäni väärä.' } }),
  },
  'POST /api/admin/reports': { allowed: AD_STAFF, request: () => ({ payload: {} }) },
  'POST /api/admin/reports/{id}/resolve': {
    allowed: AD_STAFF,
    request: () => ({ url: '/api/admin/reports/999999/resolve', payload: { action: 'no_action' } }),
  },
  'POST /api/admin/appeals/{id}/decide': {
    allowed: AD_STAFF,
    request: () => ({ url: '/api/admin/appeals/999999/decide', payload: { outcome: 'upheld', note: 'Pysyy.' } }),
  },
  // Impersonation: users.impersonate takes; leaving answers anyone signed in (422 when not acting as someone).
  'GET /api/impersonate/take/{id}': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/impersonate/take/${(await createUser(app)).id}` }),
  },
  'GET /api/impersonate/leave': signedIn(() => ({})),
  // Accounts: the guest calls answer everyone (a signed-in call of them is simply a new log-in).
  'POST /api/login': open(({ self }) => ({ payload: { email: self.email, password: 'Wrong#Guess1' } })),
  'POST /api/logout': open(() => ({})),
  'POST /api/register': open(() => ({
    payload: { name: 'X', email: 'x@example.com', password: 'a', password_confirmation: 'b', terms: false },
  })),
  // The link itself is the proof: anyone holding a valid one may open it, signed in or not.
  'POST /api/verify-email/{id}/{hash}': open(({ self }) => ({ url: verificationLink(self) })),
  'POST /api/verify-resend': signedIn(({ self }) => ({ payload: { id: self.id } })),
  'POST /api/forgot-password': open(() => ({ payload: { email: 'nobody@example.com' } })),
  'POST /api/reset-password': open(() => ({
    payload: {
      token: 'x'.repeat(20),
      email: 'nobody@example.com',
      password: 'Kelpo#Salasana42',
      password_confirmation: 'Kelpo#Salasana42',
    },
  })),
  'PATCH /api/password': signedIn(() => ({
    payload: { current_password: 'Wrong#Guess1', password: 'Kelpo#Salasana43', password_confirmation: 'Kelpo#Salasana43' },
  })),
  'GET /api/sessions': signedIn(() => ({})),
  'DELETE /api/sessions': signedIn(() => ({})),
  'DELETE /api/sessions/{id}': signedIn(() => ({ url: `/api/sessions/${'0'.repeat(16)}` })),
  'GET /api/enable2fa': signedIn(() => ({})),
  'POST /api/confirm2fa': signedIn(() => ({ payload: { code: '000000' } })),
  'GET /api/show2fa': signedIn(() => ({})),
  'POST /api/recovery-codes': signedIn(() => ({ payload: { password: 'Wrong#Guess1' } })),
  'POST /api/disable2fa': signedIn(() => ({ payload: { password: 'Wrong#Guess1' } })),
  'POST /api/check2faCode': open(() => ({ payload: { code: '000000' } })),
  'POST /api/recovery2faWithCode': open(() => ({ payload: { recovery_code: 'abcde-fghij' } })),
  'GET /api/logins': open(() => ({})),
  'POST /api/oauth/{provider}': open(() => ({ url: '/api/oauth/google', payload: {} })),
  'GET /api/oauth/{provider}/callback': open(() => ({ url: '/api/oauth/google/callback?code=x&state=y' })),
  'GET /api/oauth-accounts': signedIn(() => ({})),
  'POST /api/oauth-revoke/{id}': signedIn(() => ({ url: '/api/oauth-revoke/1', payload: {} })),
  // Strong identification (no broker here: 404 past the guard); the callback is the broker's redirect, open to all.
  'GET /api/identity': signedIn(() => ({})),
  'POST /api/identity/start': signedIn(() => ({})),
  'GET /api/identity/callback': open(() => ({ url: '/api/identity/callback?code=x&state=y' })),
  'DELETE /api/identity': signedIn(() => ({})),
  'GET /api/user': signedIn(() => ({})),
  // The token in the body is the proof, whoever sends it.
  'POST /api/user-by-token': open(async ({ self }) => ({
    payload: { token: await app.services.auth.createSession(self.id, false, { ip: '127.0.0.1', userAgent: undefined, locale: 'en' }) },
  })),
  'PATCH /api/profile': signedIn(() => ({ payload: { name: 'Nimi' } })),
  'PATCH /api/theme': signedIn(() => ({ payload: { theme_dark: true } })),
  // Deleting an account: only one's own (the id is the caller's here; another's is the next test).
  'DELETE /api/account/{id}/delete': signedIn(({ self }) => ({
    url: `/api/account/${self.id}/delete`,
    payload: { password: 'Wrong#Guess1' },
  })),
  'POST /api/avatar': signedIn(() => ({ payload: {} })),
  'DELETE /api/avatar': signedIn(() => ({})),
  'GET /api/user-info/{id}': open(({ ad }) => ({ url: `/api/user-info/${ad.id}` })),
  'GET /api/sellers/{id}': open(({ ad }) => ({ url: `/api/sellers/${ad.id}` })),
  'POST /api/catalog-suggestions': open(() => ({ payload: { title: 'Lasten pyörä' } })),
  'GET /api/user-wishes': signedIn(() => ({})),
  'POST /api/update-user-wishes': signedIn(({ ad }) => ({ payload: { product_id: ad.uuid } })),
  'GET /api/user-wishes-list': signedIn(() => ({})),
  // Download my data and consent records (issue 27): one's own only (another's export is 404).
  'POST /api/account/export': signedIn(() => ({})),
  'GET /api/account/export': signedIn(() => ({})),
  'GET /api/account/export/{uuid}': signedIn(() => ({ url: `/api/account/export/${uuid0}` })),
  'GET /api/account/consents': signedIn(() => ({})),
  'POST /api/account/consent': signedIn(() => ({ payload: { choice: 'granted' } })),
  'GET /api/privacy/policy-version': open(() => ({})),
  'GET /api/saved-searches': signedIn(() => ({})),
  'POST /api/saved-searches': signedIn(() => ({ payload: { query: { name: 'sohva' } } })),
  // Nobody's search: past the guard it is a 404 for everyone signed in.
  'PATCH /api/saved-searches/{id}': signedIn(() => ({ url: '/api/saved-searches/2147483647', payload: { name: 'Sohvat' } })),
  'DELETE /api/saved-searches/{id}': signedIn(() => ({ url: '/api/saved-searches/2147483647' })),
  'POST /api/saved-searches/{id}/opened': signedIn(() => ({ url: '/api/saved-searches/2147483647/opened' })),
  // The one-click unsubscribe of an alert mail: the signed token is the authority, no sign-in (a forged one is a 404).
  'POST /api/saved-searches/unsubscribe': open(() => ({ url: `/api/saved-searches/unsubscribe?token=1.${'0'.repeat(64)}` })),
  // Web Push: the key is public; a browser's subscription belongs to whoever is signed in on it.
  'GET /api/push/public-key': open(() => ({})),
  'POST /api/push-subscriptions': signedIn(() => {
    const browser = crypto.createECDH('prime256v1');
    browser.generateKeys();
    const keys = { p256dh: browser.getPublicKey().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
    return { payload: { endpoint: `https://push.example.com/${crypto.randomUUID()}`, keys } };
  }),
  'DELETE /api/push-subscriptions': signedIn(() => ({ payload: { endpoint: 'https://push.example.com/nobody' } })),
  // Deals and ratings (issue 25): the seller of the ad; each deal's and rating's own people (nobody's
  // id is a 404 past the guard); a person's public ratings are open.
  'GET /api/product/{productUuid}/deal-candidates': {
    allowed: ['owner'],
    request: ({ ad }) => ({ url: `/api/product/${ad.uuid}/deal-candidates` }),
  },
  'POST /api/product/{productUuid}/deal': {
    allowed: ['owner'],
    request: async ({ ad }) => ({ url: `/api/product/${ad.uuid}/deal`, payload: { buyer_id: (await createUser(app)).id } }),
  },
  'GET /api/deals': signedIn(() => ({})),
  'POST /api/deals/{id}/rating': signedIn(() => ({ url: '/api/deals/2147483647/rating', payload: { stars: 5, text: '' } })),
  'GET /api/users/{id}/ratings': open(({ ad }) => ({ url: `/api/users/${ad.id}/ratings` })),
  'POST /api/ratings/{id}/reply': signedIn(() => ({ url: '/api/ratings/2147483647/reply', payload: { text: 'Kiitos' } })),
  'POST /api/ratings/{id}/report': signedIn(() => ({ url: '/api/ratings/2147483647/report', payload: { reason: 'spam' } })),
  'GET /api/ratings/{id}/decision': signedIn(() => ({ url: '/api/ratings/2147483647/decision' })),
  'POST /api/ratings/{id}/appeal': signedIn(() => ({ url: '/api/ratings/2147483647/appeal', payload: { text: 'Arvio oli asiallinen.' } })),
  // The scam guard's staff page (reports.handle) and releasing a held account (users.manage).
  'GET /api/admin/safety': { allowed: AD_STAFF, request: () => ({}) },
  'POST /api/admin/users/{id}/release': {
    allowed: ADMINS,
    request: async () => ({ url: `/api/admin/users/${(await createUser(app)).id}/release` }),
  },
  'GET /api/notifications': signedIn(() => ({})),
  'POST /api/notifications/read': signedIn(() => ({ payload: { all: true } })),
};

const ROLE_OF: Record<Exclude<Actor, 'visitor'>, RoleSlug[]> = {
  unverified: ['unverified'],
  user: ['user'],
  owner: ['user'],
  editor: ['user', 'editor'],
  moderator: ['user', 'moderator'],
  admin: ['user', 'admin'],
  superAdmin: ['user', 'superAdmin'],
};

let app: FastifyInstance;
let people: Record<Exclude<Actor, 'visitor'>, TestUser>;
beforeAll(async () => {
  app = await buildTestApp();
  await app.ready();
  people = {} as typeof people;
  for (const actor of SIGNED_IN) {
    people[actor as Exclude<Actor, 'visitor'>] = await createUser(app, {
      roles: ROLE_OF[actor as Exclude<Actor, 'visitor'>],
      verified: actor !== 'unverified',
    });
  }
});
afterAll(() => app.close());

function documentedRoutes(): string[] {
  const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

describe('the authorization matrix', () => {
  it('has a row for every route of the OpenAPI document, and no row for a route that is gone', () => {
    const routes = documentedRoutes().sort();
    expect(routes).toEqual(Object.keys(TABLE).sort());
  });

  it('lets in exactly whom each row says, and refuses everyone else', { timeout: 120_000 }, async () => {
    const owner = people.owner;
    const wrong: string[] = [];
    for (const [route, row] of Object.entries(TABLE)) {
      const [method, path] = route.split(' ') as [InjectOptions['method'], string];
      for (const actor of ACTORS) {
        const ad = await createAd(app, { userId: owner.id, name: `Testipyörä ${route}`, status: 'active' });
        const self = actor === 'visitor' ? owner : people[actor];
        const headers: Record<string, string> = { 'accept-language': 'en' };
        if (actor !== 'visitor') {
          const token = await app.services.auth.createSession(self.id, false, { ip: '127.0.0.1', userAgent: undefined, locale: 'en' });
          headers.authorization = `Bearer ${token}`;
        }
        const options = await row.request({ ad, self });
        const response = await app.inject({ method, url: path, ...options, headers: { ...headers, ...(options.headers as object) } });
        const refused = response.statusCode === 401 || response.statusCode === 403;
        const expectedRefusal = actor === 'visitor' ? 401 : 403;
        if (row.allowed.includes(actor) && refused) wrong.push(`${route} as ${actor}: refused (${response.statusCode})`);
        if (!row.allowed.includes(actor) && response.statusCode !== expectedRefusal) {
          wrong.push(`${route} as ${actor}: ${response.statusCode}, expected ${expectedRefusal}`);
        }
        if (response.statusCode >= 500) wrong.push(`${route} as ${actor}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses to delete someone else's account, whoever asks", async () => {
    const target = people.user;
    for (const actor of SIGNED_IN.filter((a) => a !== 'user')) {
      const self = people[actor as Exclude<Actor, 'visitor'>];
      const token = await app.services.auth.createSession(self.id, false, { ip: '127.0.0.1', userAgent: undefined, locale: 'en' });
      const response = await app.inject({
        method: 'DELETE',
        url: `/api/account/${target.id}/delete`,
        headers: { authorization: `Bearer ${token}` },
        payload: { password: self.password },
      });
      expect(response.statusCode, actor).toBe(403);
    }
  });
});
