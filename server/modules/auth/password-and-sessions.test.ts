import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, createUser, loginAs } from '../../test/accounts.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const NEW_PASSWORD = 'Uusi#Salasana2027';

describe('PATCH /api/password for an account without a password (Google only)', () => {
  it('sets the first password without an old one, and then the e-mail log-in works', async () => {
    const user = await createUser(app, { password: null });
    // A Google-only account gets its session from the Google sign-in; here one is opened directly.
    const token = await app.services.auth.createSession(user.id, false, { ip: '127.0.0.1', userAgent: 'test', locale: 'fi' });
    const res = await app.inject({
      method: 'PATCH',
      url: '/api/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: NEW_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it('still wants the old password when the account has one', async () => {
    const user = await createUser(app);
    const { headers } = await loginAs(app, user);
    const missing = await app.inject({
      method: 'PATCH',
      url: '/api/password',
      headers,
      payload: { password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['current_password']);
    const wrong = await app.inject({
      method: 'PATCH',
      url: '/api/password',
      headers,
      payload: { current_password: 'Väärä#Salasana1', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(wrong.statusCode).toBe(422);
    const right = await app.inject({
      method: 'PATCH',
      url: '/api/password',
      headers,
      payload: { current_password: TEST_PASSWORD, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(right.statusCode).toBe(200);
  });
});

describe('DELETE /api/sessions (sign out all other devices)', () => {
  it('ends every other session and keeps this one', async () => {
    const user = await createUser(app);
    const phone = await loginAs(app, user);
    const laptop = await loginAs(app, user);
    const here = await loginAs(app, user);
    const res = await app.inject({ method: 'DELETE', url: '/api/sessions', headers: here.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBeTruthy();
    for (const other of [phone, laptop]) expect((await app.inject({ url: '/api/user', headers: other.headers })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/user', headers: here.headers })).statusCode).toBe(200);
    const list = await app.inject({ url: '/api/sessions', headers: here.headers });
    expect(list.json().data).toHaveLength(1);
  });

  it('needs a signed-in user', async () => {
    expect((await app.inject({ method: 'DELETE', url: '/api/sessions' })).statusCode).toBe(401);
  });
});

describe('guessable passwords', () => {
  it('refuses, with its own message, passwords that meet every rule but are easy to guess', async () => {
    const app = await buildTestApp();
    const register = (name: string, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'accept-language': 'en' },
        payload: { name, email: `weak-${crypto.randomUUID()}@example.com`, password, password_confirmation: password, terms: true },
      });
    try {
      for (const password of ['Summer2024!', 'Kesä2024!', 'Welcome1!']) {
        const res = await register('Matti', password);
        expect(res.statusCode, password).toBe(422);
        expect(res.json().errors.password, password).toEqual([expect.stringMatching(/too easy to guess|data leak/)]);
      }
      const named = await register('Matti Virtanen', 'Virtanen#2026');
      expect(named.json().errors.password).toEqual([
        'This password is too easy to guess (for example a common word, a season or a year). Please choose one that is harder to guess.',
      ]);
    } finally {
      await app.close();
    }
  });
});
