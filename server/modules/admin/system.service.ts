import { can } from '../../../common/access.ts';
import { AppError } from '../../../common/errors.ts';
import type { Config } from '../../config.ts';
import type { Platform } from '../../services.ts';
import type { CurrentUser } from '../../platform/current-user.ts';
import type { SystemRepo } from './system.repo.ts';

const startedAt = Date.now();

/**
 * The admin area's system page (the spec's "phpinfo"): versions, migrations, uptime, memory, which
 * driver each part runs on, and the queues. Nothing secret: no settings' values, addresses or keys.
 */
export function createSystemService(deps: {
  repo: SystemRepo;
  config: Config;
  platform: Platform;
  driver: 'pglite' | 'postgres';
  appVersion: string;
}) {
  const { repo, config, platform } = deps;
  return {
    async info(current: CurrentUser) {
      if (!can(current, 'admin.access')) throw new AppError('forbidden');
      const [version, migrations, migrationList, queues] = await Promise.all([
        repo.serverVersion(),
        repo.migrations(),
        repo.migrationList(),
        repo.queues(),
      ]);
      const memory = process.memoryUsage();
      return {
        app: { version: deps.appVersion, environment: config.env, uptime_seconds: Math.round((Date.now() - startedAt) / 1000) },
        runtime: { node: process.version, platform: `${process.platform} ${process.arch}`, pid: process.pid },
        memory: { rss_mb: Math.round(memory.rss / 1048576), heap_used_mb: Math.round(memory.heapUsed / 1048576) },
        database: {
          driver: deps.driver,
          version: deps.driver === 'pglite' ? `PGlite (PostgreSQL ${version})` : `PostgreSQL ${version}`,
          migrations: migrations.count,
          last_migration_at: migrations.lastAppliedAt?.toISOString() ?? null,
          /** The migrations the code ships, oldest first; one not applied means the database is behind. */
          migration_list: migrationList,
        },
        drivers: {
          realtime: platform.realtime.driver,
          counters: config.redisUrl ? 'redis' : 'memory',
          storage: platform.storage.driver,
          mail: config.smtpUrl ? 'smtp' : 'files',
        },
        queues,
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
