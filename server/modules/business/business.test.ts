import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

interface Person {
  id: number;
  headers: Record<string, string>;
}

async function person(): Promise<Person> {
  const user = await createUser(app);
  return { id: user.id, headers: (await loginAs(app, user)).headers };
}

const patch = (who: Person, payload: object, language = 'en') =>
  app.inject({ method: 'PATCH', url: '/api/profile', headers: { ...who.headers, 'accept-language': language }, payload });
const own = async (who: Person) => (await app.inject({ url: '/api/user', headers: who.headers })).json().data;
const stored = async (who: Person) => (await app.services.users.repo.findById(who.id))!;

/** Nokia Oyj's business id, from the trade register. */
const NOKIA = '0112038-9';
const COMPANY = {
  trader: true,
  company_name: 'Mäkisen Kirpputori Oy',
  business_id: NOKIA,
  company_address: 'Hämeenkatu 1, 33100 Tampere',
  company_email: 'myynti@makisenkirpputori.fi',
  company_phone: '040 123 4567',
};

describe('declaring a business (PATCH /api/profile)', () => {
  it('saves the company details and shows them in the own profile', async () => {
    const me = await person();
    const res = await patch(me, { name: 'Maija', ...COMPANY });
    expect(res.statusCode).toBe(200);
    const expected = {
      trader: true,
      company_name: 'Mäkisen Kirpputori Oy',
      business_id: NOKIA,
      company_address: 'Hämeenkatu 1, 33100 Tampere',
      company_email: 'myynti@makisenkirpputori.fi',
      company_phone: '0401234567',
    };
    expect(res.json().user).toMatchObject(expected);
    expect(await own(me)).toMatchObject(expected);
  });

  it('stores the business id in one form (old six-digit, spaced and VAT forms) and trims the texts', async () => {
    const me = await person();
    for (const typed of ['112038-9', ' 0112038 - 9 ', 'FI01120389']) {
      const res = await patch(me, {
        name: 'Maija',
        ...COMPANY,
        company_name: '  Kirppis   Oy ',
        business_id: typed,
        company_address: ' Hämeenkatu  1 ',
      });
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().user).toMatchObject({ business_id: NOKIA, company_name: 'Kirppis Oy', company_address: 'Hämeenkatu 1' });
    }
  });

  it('refuses a Y-tunnus with a wrong check digit, translated, and stores nothing', async () => {
    const me = await person();
    for (const [language, message] of [
      ['en', 'The check digit of the business ID does not match. Please check the ID.'],
      ['fi', 'Y-tunnuksen tarkistusnumero ei täsmää. Tarkista tunnus.'],
      ['ru', 'Контрольная цифра Y-tunnus не совпадает. Проверьте код.'],
    ] as const) {
      const res = await patch(me, { name: 'Uusi nimi', ...COMPANY, business_id: '0112038-8' }, language);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ business_id: [message] });
    }
    const row = await stored(me);
    expect(row).toMatchObject({ trader: false, companyName: null, businessId: null, companyEmail: null });
    expect(row.name).not.toBe('Uusi nimi');
  });

  it('refuses a remainder-1 number and what is not shaped like a Y-tunnus', async () => {
    const me = await person();
    // 1000008: its weighted sum leaves 1, so no check digit makes it valid.
    expect((await patch(me, { name: 'M', ...COMPANY, business_id: '1000008-0' })).json().errors).toEqual({
      business_id: ['The check digit of the business ID does not match. Please check the ID.'],
    });
    for (const bad of ['12345', 'Y-tunnus', '0112038']) {
      const res = await patch(me, { name: 'M', ...COMPANY, business_id: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors, bad).toEqual({ business_id: ['Write the business ID (Y-tunnus) as 1234567-8.'] });
    }
    expect((await stored(me)).trader).toBe(false);
  });

  it('requires the name, business id, address, e-mail and phone of a trader (DSA Art. 30), each under its field', async () => {
    const me = await person();
    const res = await patch(me, { name: 'Maija', trader: true, company_name: '   ', business_id: null }, 'fi');
    expect(res.statusCode).toBe(422);
    const required = ['Kenttä on pakollinen'];
    expect(res.json().errors).toEqual({
      company_name: required,
      business_id: required,
      company_address: required,
      company_email: required,
      company_phone: required,
    });
    expect((await stored(me)).trader).toBe(false);
  });

  it('checks the company e-mail and phone like the others, together with the profile’s own fields', async () => {
    const me = await person();
    const res = await patch(me, { name: 'Maija', phone: '12345', ...COMPANY, company_email: 'ei-osoite', company_phone: '040 12' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      phone: ['The phone number must have 10 or 11 digits.'],
      company_email: ['The email must be a valid email address.'],
      company_phone: ['The phone number must have 10 or 11 digits.'],
    });
    expect((await stored(me)).trader).toBe(false);
  });

  it('bounds the lengths and refuses unstorable text', async () => {
    const me = await person();
    const long = await patch(me, { name: 'Maija', ...COMPANY, company_name: 'x'.repeat(201), company_address: 'y'.repeat(301) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors).sort()).toEqual(['company_address', 'company_name']);
    const control = await patch(me, { name: 'Maija', ...COMPANY, company_name: 'Kirppis\u0000 Oy' });
    expect(control.statusCode).toBe(422);
    expect(Object.keys(control.json().errors)).toEqual(['company_name']);
    expect((await stored(me)).trader).toBe(false);
  });

  it('refuses company details sent without saying whether one is a trader', async () => {
    const me = await person();
    const res = await patch(me, { name: 'Maija', company_name: 'Kirppis Oy', business_id: NOKIA });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      trader: ['Company details can only be saved together with whether you sell as a business.'],
    });
    expect((await stored(me)).companyName).toBeNull();
  });

  it('keeps the business section as it is when the update does not mention it', async () => {
    const me = await person();
    await patch(me, { name: 'Maija', ...COMPANY });
    const res = await patch(me, { name: 'Maija M' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Maija M', trader: true, business_id: NOKIA });
  });

  it('turning the business off clears every company detail, whatever else is sent', async () => {
    const me = await person();
    await patch(me, { name: 'Maija', ...COMPANY });
    const res = await patch(me, { name: 'Maija', ...COMPANY, trader: false, business_id: 'garbage', company_email: 'x' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      trader: false,
      company_name: null,
      business_id: null,
      company_address: null,
      company_email: null,
      company_phone: null,
    });
  });

  it('refuses a trader flag that is not a boolean', async () => {
    const me = await person();
    const res = await patch(me, { name: 'Maija', trader: 'yes' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['trader']);
  });
});

describe('a trader in public (GET /api/user-info/{id}, the seller page, the ad page)', () => {
  it('shows trader: true with the company details to anyone', async () => {
    const me = await person();
    const ad = await createAd(app, { userId: me.id, name: 'Käytetty polkupyörä' });
    await patch(me, { name: 'Maija', ...COMPANY });
    const company = {
      name: 'Mäkisen Kirpputori Oy',
      business_id: NOKIA,
      address: 'Hämeenkatu 1, 33100 Tampere',
      email: 'myynti@makisenkirpputori.fi',
      phone: '0401234567',
    };

    const info = await app.inject({ url: `/api/user-info/${me.id}` });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({ id: me.id, name: 'Maija', trader: true, company });

    const page = await app.inject({ url: `/api/sellers/${me.id}` });
    expect(page.json().seller).toMatchObject({ trader: true, company });

    const detail = await app.inject({ url: `/api/product/${ad.uuid}` });
    expect(detail.json().data.seller).toMatchObject({ trader: true, company });
  });

  it('shows trader: false and no company for a private seller, and nothing once the business is turned off', async () => {
    const me = await person();
    await createAd(app, { userId: me.id, name: 'Sohva' });
    const before = (await app.inject({ url: `/api/user-info/${me.id}` })).json().data;
    expect(before).toMatchObject({ trader: false, company: null });

    await patch(me, { name: 'Maija', ...COMPANY });
    await patch(me, { name: 'Maija', trader: false });
    const after = await app.inject({ url: `/api/user-info/${me.id}` });
    expect(after.json().data).toMatchObject({ trader: false, company: null });
    expect(after.body).not.toContain('Kirpputori');
    expect(after.body).not.toContain(NOKIA);
  });
});
