import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { catalogs } from '../../db/schema/catalog.ts';
import type { AdminAttribute } from './attributes.schemas.ts';

/** Factory: a catalog of its own for one test (under `parentId`, or at the top; hidden when asked). */
export async function newCatalog(app: FastifyInstance, parentId: number | null = null, hidden = false): Promise<number> {
  const tag = crypto.randomUUID().slice(0, 8);
  const [row] = await app.services.database.db
    .insert(catalogs)
    .values({
      parentId,
      slug: `fields-${tag}`,
      nameFi: `Kentät ${tag}`,
      names: { en: `Fields ${tag}`, ru: `Поля ${tag}` },
      position: 900,
      hidden,
    })
    .returning({ id: catalogs.id });
  // The public tree is kept in memory: a catalog added behind its back must be seen.
  app.services.catalog.invalidate();
  return row!.id;
}

/** A field's body as staff send it: a number field unless told otherwise. */
export function fieldBody(key: string, extra: Record<string, unknown> = {}) {
  return { key, type: 'number', labels: { fi: `Suomeksi ${key}`, en: `In English ${key}`, ru: `По-русски ${key}` }, ...extra };
}

export const choiceBody = (key: string, values: string[], extra: Record<string, unknown> = {}) =>
  fieldBody(key, {
    type: 'choice',
    options: values.map((value) => ({ value, labels: { fi: `${value} fi`, en: `${value} en`, ru: `${value} ru` } })),
    ...extra,
  });

/** Calls the staff API with these headers. */
export function staffCalls(app: FastifyInstance, headers: () => Record<string, string>) {
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    app.inject({ method, url: `/api${url}`, headers: { ...headers(), 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
  return {
    call,
    async add(catalogId: number, body: object): Promise<AdminAttribute> {
      const res = await call('POST', `/admin/catalogs/${catalogId}/attributes`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as AdminAttribute;
    },
    async list(catalogId: number): Promise<AdminAttribute[]> {
      const res = await call('GET', `/admin/catalogs/${catalogId}/attributes`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as AdminAttribute[];
    },
  };
}

export const errorsOf = (res: LightMyRequestResponse) => res.json().errors as Record<string, string[]>;
