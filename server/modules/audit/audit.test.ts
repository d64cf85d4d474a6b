import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { adsMentioned } from './audit.service.ts';

let app: FastifyInstance;
let adminHeaders: Record<string, string>;
let adminId: number;

const read = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/api/admin/audit-log', headers, payload });

beforeAll(async () => {
  app = await buildTestApp();
  const admin = await createUser(app, { roles: ['user', 'admin'], name: 'Antti' });
  adminId = admin.id;
  adminHeaders = { ...(await loginAs(app, admin)).headers, 'accept-language': 'en' };
});
afterAll(() => app.close());

describe('the audit log', () => {
  it('names the ads an entry is about, for links to them: its target, a report’s subject, an appeal’s ad', async () => {
    const seller = await createUser(app);
    const ad = await createAd(app, { userId: seller.id, name: 'Helkama Jopo 24', status: 'moderate' });
    const approved = await app.inject({ method: 'POST', url: `/api/admin/products/${ad.uuid}/approve`, headers: adminHeaders });
    expect(approved.statusCode).toBe(200);
    const entries = (await read(adminHeaders, { entity: 'product', entity_id: String(ad.id) })).json().data;
    expect(entries[0]).toMatchObject({ action: 'ad_status_active', ads: [{ id: ad.id, uuid: ad.uuid, name: 'Helkama Jopo 24' }] });

    expect(adsMentioned({ entity: 'report', entityId: '7', data: { subject: { type: 'product', id: 314 }, action: 'hide_ad' } })).toEqual([
      314,
    ]);
    expect(adsMentioned({ entity: 'report', entityId: '8', data: { subject: { type: 'user', id: 5 } } })).toEqual([]);
    expect(adsMentioned({ entity: 'decision', entityId: '3', data: { product: 12, outcome: 'reversed' } })).toEqual([12]);
    expect(adsMentioned({ entity: 'user', entityId: '4', data: null })).toEqual([]);
  });

  it('shows staff actions newest first with who, acting as whom, what, target, before and after; filters narrow it', async () => {
    const person = await createUser(app, { verified: false });
    await app.inject({
      method: 'POST',
      url: '/api/users/toggle-verify',
      headers: adminHeaders,
      payload: { action: 'confirmVerifyUser', user: person.id },
    });
    await app.inject({ method: 'PATCH', url: `/api/users/update-user/${person.id}`, headers: adminHeaders, payload: { name: 'Uusi' } });

    const all = (await read(adminHeaders, { entity: 'user', entity_id: String(person.id) })).json();
    expect(all.data.map((entry: { action: string }) => entry.action)).toEqual(['user_updated', 'user_verified']);
    expect(all.data[0]).toMatchObject({
      actor: { id: adminId, name: 'Antti' },
      impersonator: null,
      entity: 'user',
      data: { after: { name: 'Uusi' } },
    });
    expect(all.data[0].ip).toBeTruthy();

    const verified = (await read(adminHeaders, { action: 'user_verified', actor_id: adminId })).json();
    expect(verified.data.every((entry: { action: string }) => entry.action === 'user_verified')).toBe(true);
    const future = (await read(adminHeaders, { from: new Date(Date.now() + 60_000).toISOString() })).json();
    expect(future.data).toEqual([]);
    expect((await read(adminHeaders, { per_page: 1, page: 2 })).json().meta).toMatchObject({ current_page: 2, per_page: 1 });
  });

  it('finds who did it by part of their name or e-mail address, in any case, the LIKE wildcards taken literally', async () => {
    const editor = await createUser(app, { roles: ['user', 'admin'], name: 'Sanna', email: 'sanna.v_100@example.com' });
    await app.services.database.db.update(users).set({ surname: 'Virtanen' }).where(eq(users.id, editor.id));
    const editorHeaders = (await loginAs(app, editor)).headers;
    const person = await createUser(app, { verified: false });
    await app.inject({
      method: 'POST',
      url: '/api/users/toggle-verify',
      headers: editorHeaders,
      payload: { action: 'confirmVerifyUser', user: person.id },
    });
    const whoDid = async (actor: string) => {
      const reply = await read(adminHeaders, { actor, entity: 'user', entity_id: String(person.id) });
      expect(reply.statusCode).toBe(200);
      return reply.json();
    };
    for (const actor of ['sanna virtanen', 'VIRTANEN', 'sanna.v_100@', 'v_1']) {
      const found = await whoDid(actor);
      expect(found.data.map((e: { actor: { id: number } }) => e.actor.id)).toEqual([editor.id]);
      expect(found.meta.total).toBe(1);
    }
    // "_" and "%" are characters here, not wildcards.
    for (const actor of ['v%1', 'sanna_v', 'Antti']) expect((await whoDid(actor)).data).toEqual([]);
    expect((await read(adminHeaders, { actor: 'Sanna\u0000' })).statusCode).toBe(422);
    expect((await read(adminHeaders, { actor: 'x'.repeat(121) })).statusCode).toBe(422);
  });

  it('is for audit.read only, and nothing in the API changes or deletes its rows', async () => {
    const moderator = await createUser(app, { roles: ['user', 'moderator'] });
    expect((await read((await loginAs(app, moderator)).headers, {})).statusCode).toBe(403);
    for (const method of ['PATCH', 'PUT', 'DELETE'] as const) {
      expect((await app.inject({ method, url: '/api/admin/audit-log', headers: adminHeaders, payload: {} })).statusCode).toBe(404);
    }
  });

  it('bad filters are a clear 422', async () => {
    const range = await read(adminHeaders, { from: '2026-11-24T12:00:00Z', to: '2026-11-24T11:00:00Z' });
    expect(range.json().errors.to).toEqual(['The start must be before the end.']);
    for (const payload of [{ from: 'yesterday' }, { actor_id: 'me' }, { per_page: 500 }, { sql: 'drop' }]) {
      expect((await read(adminHeaders, payload)).statusCode).toBe(422);
    }
  });
});
