/**
 * Starts the server: reads the config, opens the database (PGlite in DATA_DIR unless DATABASE_URL is set),
 * applies pending migrations, seeds an empty database, then listens.
 *
 * Started without the server's node settings (node-settings.mjs: heap sizes, one malloc arena), it runs itself
 * again with them and only passes signals on; the server's modules are imported after that check (below, in
 * main), so this launcher stays a small process.
 */
import type { Config } from './config';
import { leaveWithLauncher, relaunchWithServerSettings } from './node-settings.mjs';

async function main(): Promise<void> {
  const { buildApp } = await import('./app');
  const { ConfigError, loadConfig } = await import('./config');
  const { firstStartInChild, needsFirstStart } = await import('./runtime/database/first-start');
  const { seedIfEmpty } = await import('./db/seed');
  const { collectClosedDatabaseMemory, openDatabase } = await import('./runtime/database/plugin');
  const { startExpirySweep } = await import('./domains/order/expiry');
  const { DEFAULT_SIGN_KEY } = await import('@contract/signature');
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Memory: a fresh embedded database is created, migrated and seeded by a child process, whose memory
  // goes back to the system when it exits (runtime/database/first-start.ts: about 350 -> 255 MB resident after a first
  // start).
  const firstStart = !config.databaseUrl && needsFirstStart(config.dataDir);
  if (firstStart) await firstStartInChild(config.dataDir);
  let database = await openDatabase(config);
  const opened = database;
  const seeded =
    (await opened.exclusive(async () => {
      await opened.migrate();
      return seedIfEmpty(opened.db, { cardCodeKey: config.cardCodeKey });
    })) || firstStart;
  if (seeded && !firstStart && !config.databaseUrl) {
    // A directory initialised but never seeded (a first start stopped half-way) is seeded here. The embedded
    // database's heap grew through the seed and never shrinks; the seeded directory reopened starts from a small
    // one (about 875 -> 350 MB resident).
    await database.close();
    // After the close's own callbacks have run, so nothing still holds the old instance when V8 collects.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectClosedDatabaseMemory();
    database = await openDatabase(config);
    collectClosedDatabaseMemory();
  }

  const app = await buildApp({ config, db: database.db, notificationSweep: true });
  // Unpaid orders past their expiry are cancelled (coupon returned) every minute; pages also check lazily.
  const stopExpirySweep = startExpirySweep(database.db, app.log);
  if (seeded) app.log.info('empty database: demo data seeded');
  if (!config.databaseUrl) app.log.info(`PGlite data directory: ${config.dataDir}`);
  // A real database means a real deployment: it should not run on the key every demo build ships with.
  else if (config.signKey === DEFAULT_SIGN_KEY)
    app.log.warn('SIGN_KEY is the demo key; set your own (and TARO_APP_SIGN_KEY for the builds)');

  // SIGTERM drains: no new connections (and 503 to new requests on open ones, which a load balancer retries
  // elsewhere), requests under way finish, then the database closes. Past SHUTDOWN_GRACE_MS the rest are cut off,
  // so a stuck request cannot hold up a deploy.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    stopExpirySweep();
    app.log.info(`${signal}: draining, at most ${config.shutdownGraceMs} ms`);
    const deadline = setTimeout(() => {
      app.log.warn(`${signal}: requests still under way after ${config.shutdownGraceMs} ms, cut off`);
      app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownGraceMs);
    try {
      await app.close();
      clearTimeout(deadline);
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  leaveWithLauncher(() => void shutdown('launcher gone'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Storefront ready at http://localhost:${config.port}`);
}

if (!relaunchWithServerSettings()) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
