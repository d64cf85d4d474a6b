import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { seedReferenceData } from '../db/seed/reference.ts';
import { migrationsDir } from '../paths.ts';
import { TEMPLATE_DATABASE, adminUrl, databaseUrlFor } from './database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a PGlite dump with migrations and reference data applied (embedded mode). */
    pgliteTemplate: string;
  }
}

/**
 * Migrates and seeds one template database before any test file runs; each file then starts
 * from a copy of it, which is far quicker than migrating and seeding again.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.query(`create database ${TEMPLATE_DATABASE}`);
    const handle = await openDatabase({ url: databaseUrlFor(url, TEMPLATE_DATABASE), migrationsFolder: migrationsDir });
    await handle.migrate();
    await seedReferenceData(handle.db);
    await handle.close();
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
      await admin.end();
    };
  }

  const handle = await openDatabase({ migrationsFolder: migrationsDir });
  await handle.migrate();
  await seedReferenceData(handle.db);
  const dump = await handle.dump!();
  await handle.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-test-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
