import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { EMBEDDED_DATABASE_NOTICE } from './db/embedded-durability.ts';
import { presentDemoLogins } from './db/seed/demo.ts';
import type { WebMode } from './platform/web.ts';

const SHUTDOWN_GRACE_MS = 10_000;

async function main(): Promise<void> {
  const development = process.argv.includes('--dev');
  if (development) process.env.NODE_ENV ??= 'development';

  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let web: WebMode;
  if (development) {
    const { createServer } = await import('vite');
    const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
    web = { mode: 'development', vite };
  } else {
    web = { mode: 'production' };
  }

  const app = await buildApp(config, { web });
  if (web.mode === 'development') app.addHook('onClose', () => web.vite.close());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // Should something hang, leave anyway; the orchestrator restarts us.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const url = config.publicUrl;
  const lines = [
    '',
    `  ${config.siteName} is running at ${url}`,
    `  API documentation: ${url}/api/docs`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`}`,
  ];
  // Only the demo accounts this database holds: none on a site that never loaded demo data.
  const logins = config.seedDemoData ? await presentDemoLogins(app.services.database.db) : [];
  if (logins.length > 0) {
    lines.push('', `  Demo logins (password: ${config.demoPassword}):`);
    for (const login of logins) lines.push(`    ${login.email.padEnd(26)} ${login.role}`);
  }
  console.log(`${lines.join('\n')}\n`);
  // What the embedded database can lose, said once where the operator looks (README, "Durability and backups").
  if (!config.databaseUrl && config.env === 'production') app.log.warn(EMBEDDED_DATABASE_NOTICE);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
