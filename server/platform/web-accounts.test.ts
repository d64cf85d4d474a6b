import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, createUser, linkIn, loginAs, readMails } from '../test/accounts.ts';
import { buildTestApp } from '../test/app.ts';
import { testVite } from '../test/vite.ts';

// The account screens rendered through Vite's module graph, as web.test.ts does; forms are posted
// as a browser without JavaScript would post them (url-encoded, same origin).
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({}, { web: { mode: 'development', vite: await testVite() } });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

// Not port 80: URL drops a default port from the Origin, and the check compares it with Host as sent.
const sameSite = { origin: 'http://localhost:3000', host: 'localhost:3000' };

/** A document form post, as the browser sends it before (or without) JavaScript. */
function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { ...sameSite, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

const session = (token: string) => ({ cookie: `session=${token}` });

describe('log-in page', () => {
  it('shows a visitor the log-in form with its fields and links', async () => {
    const res = await app.inject({ url: '/login', headers: { cookie: 'lang=en' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<form[^>]*method="post"/);
    expect(res.body).toContain('name="email"');
    expect(res.body).toContain('name="password"');
    expect(res.body).toContain('name="remember"');
    expect(res.body).toContain('href="/forgot-password"');
    expect(res.body).toContain('href="/register"');
  });

  it('links the terms from the registration checkbox', async () => {
    const res = await app.inject({ url: '/register', headers: { cookie: 'lang=en' } });
    expect(res.body).toMatch(/<a[^>]*href="\/terms"[^>]*>terms of use<\/a>/);
  });

  it('answers wrong credentials with 422, the translated message and the typed address kept', async () => {
    const user = await createUser(app);
    const res = await postForm('/login', { email: user.email, password: 'Wrong#Pass1' }, { cookie: 'lang=en' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('The provided credentials are incorrect.');
    expect(res.body).toContain(`value="${user.email}"`);
    expect(res.body).toContain('aria-invalid="true"');
    expect(cookieFrom(res, 'session')).toBeUndefined();
  });

  it('answers in Finnish by default and checks the address format like the API', async () => {
    const res = await postForm('/login', { email: 'not-an-address', password: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('Sähköpostiosoitteen on oltava kelvollinen.');
  });

  it('signs in with the right credentials: a redirect home with an httpOnly session cookie', async () => {
    const user = await createUser(app);
    const res = await postForm('/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const cookie = res.cookies.find((c) => c.name === 'session')!;
    expect(cookie.value).toMatch(/.{20,}/);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBeUndefined();
    const me = await app.inject({ url: '/api/user', headers: { authorization: `Bearer ${cookie.value}` } });
    expect(me.json().data.email).toBe(user.email);
  });

  it('keeps a remembered session for a year and goes back to where the visitor was going', async () => {
    const user = await createUser(app);
    const res = await postForm('/login?redirectTo=%2Fsettings%2Fprofile', { email: user.email, password: user.password, remember: 'on' });
    expect(res.headers.location).toBe('/settings/profile');
    expect(res.cookies.find((c) => c.name === 'session')!.maxAge).toBe(365 * 24 * 60 * 60);
  });

  it('never redirects to another site after log-in', async () => {
    const user = await createUser(app);
    const res = await postForm('/login', { email: user.email, password: user.password, redirectTo: '//evil.example/' });
    expect(res.headers.location).toBe('/');
  });

  it('ends the session the browser had before (no fixation)', async () => {
    const user = await createUser(app);
    const first = await loginAs(app, user);
    const res = await postForm('/login', { email: user.email, password: user.password }, session(first.token));
    expect(res.statusCode).toBe(302);
    expect((await app.inject({ url: '/api/user', headers: first.headers })).statusCode).toBe(401);
  });

  it('refuses a form posted from another site', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { origin: 'https://evil.example', host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.fi&password=x',
    });
    expect(res.statusCode).toBe(403);
  });

  it('sends a signed-in person from /login home', async () => {
    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const res = await app.inject({ url: '/login', headers: session(token) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
  });

  it('shows the Google sign-in error named in the query', async () => {
    const res = await app.inject({ url: '/login?error=oauth_failed', headers: { cookie: 'lang=en' } });
    expect(res.body).toContain('Sign-in with Google failed. Please try again.');
  });
});

describe('guards', () => {
  it('sends a visitor from /wishes to log-in, remembering the way back', async () => {
    const res = await app.inject({ url: '/wishes' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?redirectTo=%2Fwishes');
  });

  it('sends a visitor from the settings to log-in', async () => {
    const res = await app.inject({ url: '/settings/password' });
    expect(res.headers.location).toBe('/login?redirectTo=%2Fsettings%2Fpassword');
  });
});

describe('registration, forgotten password and reset', () => {
  it('registers from the form and shows the check-your-e-mail message instead of it', async () => {
    const email = `page-${Date.now()}@example.com`;
    const res = await postForm(
      '/register',
      { name: 'Sivu Käyttäjä', email, password: 'Kelpo#Salasana42', password_confirmation: 'Kelpo#Salasana42', terms: 'on' },
      { cookie: 'lang=en' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Thanks for registering! Check your e-mail');
    expect(res.body).not.toContain('name="password_confirmation"');
    expect(readMails(app).some((m) => m.to.includes(email))).toBe(true);
  });

  it('lists each broken rule under its field and keeps the name and address', async () => {
    const res = await postForm(
      '/register',
      { name: 'Nimi', email: 'uusi@example.com', password: 'short', password_confirmation: 'x' },
      { cookie: 'lang=en' },
    );
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('The password must be at least 8 characters.');
    expect(res.body).toContain('You must accept the terms of use.');
    expect(res.body).toContain('value="uusi@example.com"');
    expect(res.body).toContain('value="Nimi"');
  });

  it('answers the forgotten-password form the same for any address', async () => {
    const known = await createUser(app);
    const a = await postForm('/forgot-password', { email: known.email }, { cookie: 'lang=en' });
    const b = await postForm('/forgot-password', { email: 'ghost@example.com' }, { cookie: 'lang=en' });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.body).toContain('If the address has an account, we have sent a link');
    expect(b.body).toContain('If the address has an account, we have sent a link');
  });

  it('sets a new password from the mailed link, with the address pre-filled', async () => {
    const user = await createUser(app);
    await postForm('/forgot-password', { email: user.email });
    await app.services.platform.background.settled();
    const link = linkIn(
      readMails(app)
        .filter((m) => m.to.includes(user.email))
        .at(-1)!,
      '/reset-password/',
    );
    const page = await app.inject({ url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`value="${user.email}"`);
    expect(page.body).toContain('readOnly=""');

    const res = await postForm(
      `${link.pathname}${link.search}`,
      { email: user.email, password: 'Uusi#Salasana77', password_confirmation: 'Uusi#Salasana77' },
      { cookie: 'lang=en' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your password has been reset. You can now log in.');
    await loginAs(app, { email: user.email, password: 'Uusi#Salasana77' });
  });
});

describe('e-mail verification', () => {
  it('shows the banner to an unverified person, and the mailed link verifies and removes it', async () => {
    const user = await createUser(app, { verified: false });
    const { token, headers } = await loginAs(app, user);
    const home = await app.inject({ url: '/', headers: { ...session(token), cookie: `session=${token}; lang=en` } });
    expect(home.body).toContain('is not verified yet');
    expect(home.body).toContain('Resend e-mail');

    await app.inject({ method: 'POST', url: '/api/verify-resend', headers, payload: { id: user.id } });
    const link = linkIn(
      readMails(app)
        .filter((m) => m.to.includes(user.email))
        .at(-1)!,
      '/verify-email/',
    );
    const first = await app.inject({ url: `${link.pathname}${link.search}`, headers: { cookie: `session=${token}; lang=en` } });
    // Verified, then the page loads once more so that the shell sees the verified account.
    expect(first.statusCode).toBe(302);
    const page = await app.inject({ url: first.headers.location as string, headers: { cookie: `session=${token}; lang=en` } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Your e-mail address is verified.');
    expect(page.body).not.toContain('is not verified yet');
  });

  it('does not show the banner to a verified person', async () => {
    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const home = await app.inject({ url: '/', headers: { cookie: `session=${token}; lang=en` } });
    expect(home.body).not.toContain('is not verified yet');
  });

  it('says a tampered link is not valid', async () => {
    const res = await app.inject({
      url: `/verify-email/1/${'a'.repeat(40)}?expires=9999999999&signature=${'b'.repeat(64)}`,
      headers: { cookie: 'lang=en' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Access denied.');
  });
});

describe('settings', () => {
  it('redirects /settings to the account tab', async () => {
    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const res = await app.inject({ url: '/settings', headers: session(token) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/settings/account');
  });

  it('shows the account tab with the address, this device and the tabs marked', async () => {
    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const res = await app.inject({ url: '/settings/account', headers: { cookie: `session=${token}; lang=en` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(user.email);
    expect(res.body).toContain('This device');
    expect(res.body).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/settings\/account"|<a[^>]*href="\/settings\/account"[^>]*aria-current="page"/,
    );
    expect(res.body).toContain('Delete account');
  });

  it('ends another session from the account tab', async () => {
    const user = await createUser(app);
    const phone = await loginAs(app, user);
    const laptop = await loginAs(app, user);
    const list = (await app.inject({ url: '/api/sessions', headers: laptop.headers })).json().data as { id: string; current: boolean }[];
    const other = list.find((s) => !s.current)!;
    const res = await postForm('/settings/account', { intent: 'end_session', session: other.id }, session(laptop.token));
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/user', headers: phone.headers })).statusCode).toBe(401);
  });

  it("renders the profile tab with the person's name", async () => {
    const user = await createUser(app, { name: 'Maija Profiili' });
    const { token } = await loginAs(app, user);
    const res = await app.inject({ url: '/settings/profile', headers: session(token) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('value="Maija Profiili"');
    expect(res.body).toContain('name="city_id"');
  });

  it('saves the profile from the form and shows field errors under their fields', async () => {
    const user = await createUser(app);
    const { token, headers } = await loginAs(app, user);
    const cities = (await app.inject({ url: '/api/cities' })).json().data as { id: number; code: string }[];
    const tampere = cities.find((c) => c.code === '837')!;
    const bad = await postForm(
      '/settings/profile',
      { name: 'Maija', phone: '123', city_id: String(tampere.id) },
      { ...session(token), cookie: `session=${token}; lang=en` },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('The phone number must have 10 or 11 digits.');
    const ok = await postForm(
      '/settings/profile',
      {
        name: 'Maija',
        surname: 'Meikäläinen',
        phone: '040 123 4567',
        city_id: String(tampere.id),
        street: 'Hämeenkatu 1',
        birthday: '1990-05-17',
      },
      session(token),
    );
    expect(ok.statusCode).toBe(200);
    const me = (await app.inject({ url: '/api/user', headers })).json().data;
    expect(me).toMatchObject({ name: 'Maija', surname: 'Meikäläinen', phone: '0401234567', city_id: tampere.id, birthday: '1990-05-17' });
  });

  it("checks a page form with the API's own schema: every field's message at once, kinds and control characters", async () => {
    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const bad = await postForm(
      '/settings/profile',
      { name: '', city_id: 'Tampere', birthday: '17.5.1990', street: 'Katu\u00001', surname: 'x'.repeat(101) },
      { ...session(token), cookie: `session=${token}; lang=en` },
    );
    expect(bad.statusCode).toBe(422);
    for (const message of [
      'Field is required',
      'City not found',
      'The format is not valid.',
      'The text contains control characters that cannot be saved.',
      'Must be at most 100 characters.',
    ]) {
      expect(bad.body).toContain(message);
    }
    // What was typed comes back in the fields (never a password).
    expect(bad.body).toContain('value="17.5.1990"');
  });

  it('changes the password from the security tab, refusing a wrong current password', async () => {
    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const wrong = await postForm(
      '/settings/password',
      { current_password: 'Nope#1234', password: 'Toinen#Salasana9', password_confirmation: 'Toinen#Salasana9' },
      { cookie: `session=${token}; lang=en` },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain('The current password is incorrect.');
    const ok = await postForm(
      '/settings/password',
      { current_password: user.password, password: 'Toinen#Salasana9', password_confirmation: 'Toinen#Salasana9' },
      session(token),
    );
    expect(ok.statusCode).toBe(200);
    await loginAs(app, { email: user.email, password: 'Toinen#Salasana9' });
  });

  it('deletes the account after the password, clears the cookie and goes home', async () => {
    const user = await createUser(app);
    const { token, headers } = await loginAs(app, user);
    const wrong = await postForm('/settings/account', { intent: 'delete_account', password: 'Wrong#Pass1' }, session(token));
    expect(wrong.statusCode).toBe(422);
    const res = await postForm('/settings/account', { intent: 'delete_account', password: user.password }, session(token));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(res.cookies.find((c) => c.name === 'session')?.maxAge).toBe(0);
    expect((await app.inject({ url: '/api/user', headers })).statusCode).toBe(401);
  });
});

describe('top bar and log-out', () => {
  it('shows the user menu to a signed-in person and log-in links to a visitor', async () => {
    const visitor = await app.inject({ url: '/about', headers: { cookie: 'lang=en' } });
    expect(visitor.body).toContain('href="/login"');
    expect(visitor.body).toContain('href="/register"');
    const user = await createUser(app);
    const { token } = await loginAs(app, user);
    const member = await app.inject({ url: '/about', headers: { cookie: `session=${token}; lang=en` } });
    expect(member.body).toContain('aria-label="Your account"');
    expect(member.body).toContain('href="/wishes"');
    expect(member.body).toContain('href="/messenger"');
  });

  it('logs out with a POST: the session ends, the cookie is cleared, and the page goes home', async () => {
    const user = await createUser(app);
    const { token, headers } = await loginAs(app, user);
    const res = await postForm('/logout', {}, session(token));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(res.cookies.find((c) => c.name === 'session')?.maxAge).toBe(0);
    expect((await app.inject({ url: '/api/user', headers })).statusCode).toBe(401);
  });

  it('does not log out on a plain visit to /logout', async () => {
    const user = await createUser(app);
    const { token, headers } = await loginAs(app, user);
    const res = await app.inject({ url: '/logout', headers: session(token) });
    expect(res.statusCode).toBe(302);
    expect((await app.inject({ url: '/api/user', headers })).statusCode).toBe(200);
  });
});
