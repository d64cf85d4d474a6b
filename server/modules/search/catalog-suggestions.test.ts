import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/accounts.ts';
import { createAd } from '../../test/ads.ts';
import { buildTestApp } from '../../test/app.ts';
import { rankCategories } from './catalog-suggestions.ts';
import { searchTerms } from './search-terms.ts';

describe('rankCategories', () => {
  const leaves = [
    { id: 1, names: ['lasten pyörät', 'children’s bikes', 'детские велосипеды'] },
    { id: 2, names: ['katupyörät', 'street bikes', 'дорожные мотоциклы'] },
    { id: 3, names: ['henkilöautot', 'passenger cars', 'легковые автомобили'] },
  ];

  it('puts the category whose names hold the most of the title’s words first', () => {
    expect(rankCategories(leaves, searchTerms('lasten pyörä 16 tuumaa'), [])).toEqual([1, 2]);
  });

  const ads = (...list: [number, string][]) => list.map(([catalogId, name]) => ({ catalogId, name }));

  it('lets the ads that match the title speak for a category no word names', () => {
    expect(
      rankCategories(
        leaves,
        searchTerms('Toyota Corolla 1.6'),
        ads([3, 'Toyota Corolla 2012'], [3, 'Toyota Corolla farmari'], [2, 'Toyota Corolla?']),
      ),
    ).toEqual([3, 2]);
  });

  it('does not let an ad that shares one word of several (a colour) speak', () => {
    const sofa = { id: 4, names: ['sohvat', 'sofas', 'диваны'] };
    const terms = searchTerms('Helkama Jopo 24 tuumaa sininen');
    expect(rankCategories([...leaves, sofa], terms, ads([4, 'Sininen sohva'], [4, 'Sininen nojatuoli']))).toEqual([]);
    expect(rankCategories([...leaves, sofa], terms, ads([4, 'Sininen sohva'], [1, 'Helkama Jopo sininen 20"']))).toEqual([1]);
  });

  it('suggests nothing for a title that says nothing', () => {
    expect(rankCategories(leaves, searchTerms('16 x'), [])).toEqual([]);
  });
});

describe('POST /api/catalog-suggestions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
    const seller = await createUser(app);
    await createAd(app, { userId: seller.id, name: 'Lasten polkupyörä Jopo 16"', catalog: 'childrens-bikes' });
    await createAd(app, { userId: seller.id, name: 'Helkama maastopyörä 26"', catalog: 'mountain-bikes' });
    await createAd(app, { userId: seller.id, name: 'Yamaha moottoripyörä 600', catalog: 'street-motorcycles' });
    await createAd(app, { userId: seller.id, name: 'Sininen sohva', catalog: 'sofas-and-armchairs' });
    await createAd(app, { userId: seller.id, name: 'Sininen kirjahylly', catalog: 'cabinets-and-shelves' });
  });
  afterAll(() => app.close());

  const suggest = (title: string, language = 'fi') =>
    app.inject({ method: 'POST', url: '/api/catalog-suggestions', headers: { 'accept-language': language }, payload: { title } });

  it('offers bicycles before motorcycles for a child’s bike', async () => {
    const res = await suggest('lasten pyörä 16 tuumaa');
    expect(res.statusCode).toBe(200);
    const [first, ...rest] = res.json().data as { name: string; trail: string[] }[];
    expect(first).toMatchObject({ name: 'Lasten pyörät', trail: ['Ajoneuvot', 'Polkupyörät', 'Lasten pyörät'] });
    const motorcycles = rest.findIndex((s) => s.trail.includes('Moottoripyörät'));
    const bicycles = rest.findIndex((s) => s.trail.includes('Polkupyörät'));
    if (motorcycles >= 0) expect(bicycles).toBeLessThan(motorcycles);
  });

  it('suggests no furniture for a blue bike: ads that share only its colour do not speak', async () => {
    const names = ((await suggest('Helkama Jopo 24 tuumaa sininen')).json().data as { name: string }[]).map((s) => s.name);
    expect(names).not.toContain('Sohvat ja nojatuolit');
    expect(names).not.toContain('Kaapit ja hyllyt');
  });

  it('answers in the request’s language, also for a title in another', async () => {
    const [first] = (await suggest('lasten pyörä', 'en')).json().data;
    expect(first.trail).toEqual(['Vehicles', 'Bicycles', "Children's bikes"]);
  });

  it('answers an empty list for a title without words, and 422 for a title too long', async () => {
    expect((await suggest('!!')).json()).toEqual({ data: [] });
    expect((await suggest('x'.repeat(201))).statusCode).toBe(422);
  });
});
