import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { migrationsDir } from '../paths.ts';
import { type DatabaseHandle, openDatabase } from './client.ts';
import { backupSocketPath, isEmbeddedDatabaseInUse, requestBackup, serveBackups } from './embedded-backup.ts';
import { restoreEmbeddedBackup } from './embedded-restore.ts';
import { users } from './schema/users.ts';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'kauppis-backup-'));
const handles: DatabaseHandle[] = [];
afterAll(async () => {
  for (const handle of handles) await handle.close().catch(() => {});
  fs.rmSync(folder, { recursive: true, force: true });
});

const addUser = (db: DatabaseHandle['db'], email: string) => db.insert(users).values({ name: 'Varmuuskopio', email }).returning();

describe.runIf(!process.env.DATABASE_URL)('backups of the embedded database', () => {
  it('a backup taken while the database is written to restores into a new folder with the data in it', async () => {
    const template = inject('pgliteTemplate');
    const live = path.join(folder, 'live', 'db');
    const running = await openDatabase({
      dataDir: live,
      loadDataDir: new Blob([fs.readFileSync(template)]),
      migrationsFolder: migrationsDir,
    });
    handles.push(running);
    await addUser(running.db, 'ennen@example.com');

    // Writes go on while the backup is taken: the copy is consistent whatever they do. (At most
    // 400: on a busy machine the backup waits its turns between them, and the work stays bounded.)
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing && written < 400) {
        await addUser(running.db, `aikana-${written++}@example.com`);
        // PGlite answers in microtasks: without a turn of the event loop the socket would never be read.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const file = path.join(folder, 'backup.tar.gz');
    expect(await requestBackup(live, file)).toBe(true);
    writing = false;
    await writer;

    expect(await isEmbeddedDatabaseInUse(live)).toBe(true);
    await expect(restoreEmbeddedBackup(file, live, migrationsDir)).rejects.toThrow(/running server/);
    await expect(openDatabase({ dataDir: live, migrationsFolder: migrationsDir })).rejects.toThrow(/Another process/);

    const target = path.join(folder, 'restored', 'db');
    const result = await restoreEmbeddedBackup(file, target, migrationsDir);
    expect(result.migrations).toBeGreaterThan(0);
    const restored = await openDatabase({ dataDir: target, migrationsFolder: migrationsDir });
    handles.push(restored);
    expect(await restored.db.select().from(users).where(eq(users.email, 'ennen@example.com'))).toHaveLength(1);
    const copied = await restored.db.$count(users);
    expect(copied).toBe(result.users);
    expect(copied).toBeLessThanOrEqual(await running.db.$count(users));
    // Two databases opened, a backup and a restore with every migration: slow on a busy machine.
  }, 120_000);

  it('restoring a file that is no backup leaves the database as it was', async () => {
    const target = path.join(folder, 'untouched', 'db');
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, 'marker'), 'old');
    const bogus = path.join(folder, 'bogus.tar.gz');
    fs.writeFileSync(bogus, 'not a backup');
    await expect(restoreEmbeddedBackup(bogus, target, migrationsDir)).rejects.toThrow(/does not open/);
    expect(fs.readFileSync(path.join(target, 'marker'), 'utf8')).toBe('old');
    expect(fs.readdirSync(path.dirname(target))).toEqual(['db']);
  });

  it('a data folder too deep for a socket path still gets one, the same for every process', async () => {
    const deep = path.join(folder, 'x'.repeat(60), 'y'.repeat(60), 'db');
    fs.mkdirSync(path.dirname(deep), { recursive: true });
    const socketPath = backupSocketPath(deep);
    expect(Buffer.byteLength(socketPath)).toBeLessThanOrEqual(100);
    expect(backupSocketPath(`${deep}/`)).toBe(socketPath);
    expect(backupSocketPath(path.join(folder, 'live', 'db'))).toBe(path.join(folder, 'live', 'db.sock'));
    const serving = await serveBackups(deep, async () => new Blob(['archive']));
    try {
      expect(await isEmbeddedDatabaseInUse(deep)).toBe(true);
      await expect(serveBackups(deep, async () => new Blob([]))).rejects.toThrow(/Another process/);
    } finally {
      await serving.close();
    }
    expect(await isEmbeddedDatabaseInUse(deep)).toBe(false);
  });
});
