import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { createPostgresCopy, createTestDatabase } from '../test/database.ts';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
};

describe(`the database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('has the finnish, english and russian text search configurations', async () => {
    const configs = await rows<{ cfgname: string }>(sql`select cfgname from pg_ts_config`);
    expect(configs.map((c) => c.cfgname)).toEqual(expect.arrayContaining(['finnish', 'english', 'russian', 'simple']));
  });

  it('stems Finnish, English and Russian words', async () => {
    const [fi] = await rows<{ match: boolean }>(
      sql`select to_tsvector('finnish', 'Myydään pyörät ja pyörän osat') @@ plainto_tsquery('finnish', 'pyörä') as match`,
    );
    const [en] = await rows<{ match: boolean }>(
      sql`select to_tsvector('english', 'Selling two bicycles') @@ plainto_tsquery('english', 'bicycle') as match`,
    );
    const [ru] = await rows<{ match: boolean }>(
      sql`select to_tsvector('russian', 'Продаю велосипеды') @@ plainto_tsquery('russian', 'велосипед') as match`,
    );
    expect([fi?.match, en?.match, ru?.match]).toEqual([true, true, true]);
  });

  it('has pg_trgm for typo-tolerant matching', async () => {
    const [row] = await rows<{ similar: boolean; score: number }>(
      sql`select 'polkupyörra' % 'polkupyörä' as similar, similarity('polkupyörra', 'polkupyörä') as score`,
    );
    expect(row?.similar).toBe(true);
    expect(Number(row?.score)).toBeGreaterThan(0.5);
  });

  it('keeps e-mail addresses unique regardless of case', async () => {
    await handle.db.execute(sql`insert into users (name, email) values ('A', 'Case@Example.com')`);
    await expect(handle.db.execute(sql`insert into users (name, email) values ('B', 'case@example.com')`)).rejects.toThrow();
  });

  it('rolls a failed transaction back whole', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into users (name, email) values ('C', 'tx@example.com')`);
        await tx.execute(sql`insert into users (name, email) values ('D', 'TX@example.com')`);
      }),
    ).rejects.toThrow();
    const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from users where lower(email) = 'tx@example.com'`);
    expect(row?.n).toBe(0);
  });

  it('lists every migration with a file and a time after the one before (the migrator runs only what is newer than the last one run)', () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; when: number; tag: string }[];
    };
    const files = fs.readdirSync(migrationsDir).filter((name) => name.endsWith('.sql'));
    expect(journal.entries.map((entry) => `${entry.tag}.sql`)).toEqual(files.sort());
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      if (i > 0) expect(entry.when).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it('applies the migrations again without harm: none runs twice, no column, index or trigger changes, the data stays', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    await handle.db.execute(sql`insert into users (name, email) values ('Pysyvä', 'survives-migrations@example.com')`);
    const state = async () => ({
      applied: await rows(sql`select id, hash from drizzle.__drizzle_migrations order by id`),
      columns: await rows(sql`
        select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
        where table_schema = 'public' order by table_name, column_name`),
      indexes: await rows(sql`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`),
      triggers: await rows(sql`select tgname from pg_trigger where not tgisinternal order by tgname`),
      counts: await rows(sql`
        select (select count(*)::int from users) as users, (select count(*)::int from catalogs) as catalogs,
               (select count(*)::int from municipalities) as municipalities`),
    });
    const before = await state();
    expect(before.applied).toHaveLength(journal.entries.length);
    expect(before.counts[0]).toMatchObject({ catalogs: expect.any(Number), municipalities: expect.any(Number) });

    await handle.migrate();
    await handle.migrate();
    await handle.ping();

    expect(await state()).toEqual(before);
    expect(await rows(sql`select name from users where email = 'survives-migrations@example.com'`)).toEqual([{ name: 'Pysyvä' }]);
  });

  it.runIf(process.env.DATABASE_URL)('migrates and seeds under one lock: two instances starting together never seed at once', async () => {
    const copy = await createPostgresCopy(process.env.DATABASE_URL!);
    const [first, second] = await Promise.all([0, 1].map(() => openDatabase({ url: copy.url, migrationsFolder: migrationsDir })));
    try {
      const events: string[] = [];
      const seed = (name: string) => async () => {
        events.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, 200));
        events.push(`${name} ends`);
      };
      await Promise.all([first!.migrate(seed('a')), second!.migrate(seed('b'))]);
      expect(events).toHaveLength(4);
      expect(events[0]!.split(' ')[0]).toBe(events[1]!.split(' ')[0]);
      expect(events[2]!.split(' ')[0]).toBe(events[3]!.split(' ')[0]);
    } finally {
      await Promise.all([first!.close(), second!.close()]);
      await copy.drop();
    }
  });
});

describe('ads search document', () => {
  it('is kept by the trigger from the title, description and language', async () => {
    await handle.db.execute(sql`insert into users (name, email) values ('Myyjä', 'search-doc@example.com')`);
    await handle.db.execute(sql`
      insert into products (user_id, catalog_id, city_id, region_id, name, description, price_cents, language, status)
      select u.id, (select id from catalogs order by id limit 1), m.id, m.region_id, 'Polkupyörät myynnissä', 'Hyvä pyörän runko', 10000, 'fi', 'active'
      from users u, municipalities m where u.email = 'search-doc@example.com' and m.code = '091'`);
    const [row] = await rows<{ stem: boolean; exact: boolean; title_weight: string }>(sql`
      select search_vector @@ to_tsquery('finnish', 'pyörä') as stem,
             search_vector @@ to_tsquery('simple', 'myynnissä') as exact,
             ts_rank(search_vector, to_tsquery('finnish', 'polkupyörä')) > ts_rank(search_vector, to_tsquery('finnish', 'runko')) as title_weight
      from products where name = 'Polkupyörät myynnissä'`);
    expect(row).toEqual({ stem: true, exact: true, title_weight: true });
    await handle.db.execute(sql`update products set name = 'Sohva' where name = 'Polkupyörät myynnissä'`);
    const [after] = await rows<{ sohva: boolean }>(
      sql`select search_vector @@ to_tsquery('finnish', 'sohva') as sohva from products where name = 'Sohva'`,
    );
    expect(after?.sohva).toBe(true);
  });
});
