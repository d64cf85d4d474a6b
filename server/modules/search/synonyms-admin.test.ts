import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/auth.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { createCustomStaff } from '../../test/roles.ts';

/** The synonym groups staff edit (issue 28), by a custom role holding only `categories.manage`. */
let app: FastifyInstance;
let staff: Record<string, string>;
const URL = '/api/admin/search-synonyms';

const lastAudit = async () => (await app.services.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const found = async (name: string) =>
  ((await app.inject({ method: 'POST', url: '/api/products', payload: { name } })).json().data as { name: string }[]).map((a) => a.name);
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = staff) =>
  app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  app = await buildTestApp();
  staff = (await loginAs(app, await createCustomStaff(app, ['categories.manage']))).headers;
  const seller = await createUser(app);
  await createAd(app, { userId: seller.id, name: 'Moccamaster KBG 741', catalog: 'sofas-and-armchairs' });
});
afterAll(() => app.close());

describe('the synonym groups', () => {
  it('adds a group that searches use at once, changes it and deletes it, each audited', async () => {
    expect(await found('kahvinkeitin')).toEqual([]);
    const created = await send('POST', URL, { fi: ['Kahvinkeitin', ' kahvikone '], en: ['coffee maker'], sv: ['kaffebryggare'] });
    expect(created.statusCode).toBe(201);
    const group = created.json().data as { id: number; words: Record<string, string[]> };
    expect(group.words).toEqual({ fi: ['kahvikone', 'kahvinkeitin'], sv: ['kaffebryggare'], en: ['coffee maker'], ru: [] });
    expect(created.json().message).toBe('Ryhmä ”kahvikone” lisätty.');
    expect(await lastAudit()).toMatchObject({ action: 'synonyms_created', entity: 'search_synonyms', entityId: String(group.id) });

    const listed = (await app.inject({ url: URL, headers: staff })).json().data as { id: number }[];
    expect(listed.map((g) => g.id)).toContain(group.id);

    const changed = await send('PUT', `${URL}/${group.id}`, { fi: ['kahvinkeitin', 'moccamaster'] });
    expect(changed.statusCode).toBe(200);
    expect(await found('kahvinkeitin')).toEqual(['Moccamaster KBG 741']);
    expect(await lastAudit()).toMatchObject({
      action: 'synonyms_updated',
      data: {
        before: { words: ['kahvikone', 'kahvinkeitin', 'kaffebryggare', 'coffee maker'] },
        after: { words: ['kahvinkeitin', 'moccamaster'] },
      },
    });

    expect((await send('DELETE', `${URL}/${group.id}`)).statusCode).toBe(200);
    expect(await found('kahvinkeitin')).toEqual([]);
    expect(await lastAudit()).toMatchObject({ action: 'synonyms_deleted', entityId: String(group.id) });
    expect((await send('DELETE', `${URL}/${group.id}`)).statusCode).toBe(404);
    expect((await send('PUT', `${URL}/${group.id}`, { fi: ['aa', 'bb'] })).statusCode).toBe(404);
  });

  it('is for categories.manage only', async () => {
    const user = (await loginAs(app, await createUser(app))).headers;
    const moderator = (await loginAs(app, await createCustomStaff(app, ['ads.moderate', 'reports.handle']))).headers;
    for (const headers of [user, moderator]) {
      expect((await app.inject({ url: URL, headers })).statusCode).toBe(403);
      expect((await send('POST', URL, { fi: ['aaa', 'bbb'] }, headers)).statusCode).toBe(403);
    }
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
  });

  it('refuses, per language and with the word named, what would break or flood the search; nothing is saved', async () => {
    const refused = async (body: object) => {
      const response = await send('POST', URL, body, { ...staff, 'accept-language': 'en' });
      expect(response.statusCode).toBe(422);
      return response.json().errors as Record<string, string[]>;
    };
    const before = (await app.inject({ url: URL, headers: staff })).json().data.length;
    expect(await refused({ fi: ['x', 'sohva'] })).toEqual({ fi: ['“x” is too short: at least 2 characters.'] });
    expect((await refused({ fi: ['sohva', '2024'] })).fi).toEqual(['“2024” needs a letter: a number alone would match too many ads.']);
    expect((await refused({ fi: ['sohva', 'so*fa'] })).fi![0]).toContain('only have letters');
    // Control characters are refused before the service, under the word's place in the list.
    expect((await refused({ fi: ['sohva', 'so\u0000fa'] }))['fi.1']![0]).toContain('control characters');
    expect((await refused({ en: ['sofa', 'a very big sofa'] })).en).toEqual([
      '“a very big sofa” is too long a phrase: at most three words.',
    ]);
    expect((await refused({ fi: ['sohva'], sv: ['Sohva'] })).sv).toEqual(['“sohva” is in the group twice.']);
    expect((await refused({ fi: ['sohvakangas'] })).group).toEqual(['A group needs at least 2 words.']);
    expect((await refused({ fi: Array.from({ length: 21 }, (_, i) => `sana${String.fromCharCode(97 + i)}`) })).group).toEqual([
      'A group may have at most 20 words.',
    ]);
    expect((await refused({ en: ['winter tyres', 'snow tyres'] })).group![0]).toContain('single word');
    // A word already in a group (the seeded "fillari" = "polkupyörä" …) would chain the two.
    expect((await refused({ fi: ['fillari', 'menopeli'] })).fi![0]).toMatch(/^“fillari” is already in the group “.+”/);
    expect((await send('POST', URL, { fi: ['s'.repeat(10_000), 'sohva'] })).statusCode).toBe(422);
    expect((await send('POST', URL, { de: ['sofa', 'couch'] })).statusCode).toBe(422);
    expect((await send('PUT', `${URL}/99999999999`, { fi: ['aa', 'bb'] })).statusCode).toBe(422);
    expect((await app.inject({ url: URL, headers: staff })).json().data.length).toBe(before);
  });

  it('keeps a word in one group when two staff add it at once', async () => {
    const results = await Promise.all([
      send('POST', URL, { fi: ['rinnakkaissana', 'ekasana'] }),
      send('POST', URL, { fi: ['rinnakkaissana', 'tokasana'] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    const groups = (await app.inject({ url: URL, headers: staff })).json().data as { words: { fi: string[] } }[];
    expect(groups.filter((g) => g.words.fi.includes('rinnakkaissana'))).toHaveLength(1);
  });
});
