/**
 * The database: drizzle over PGlite (embedded, the demo default) or over a `pg` Pool when DATABASE_URL is set.
 * Both run the same schema and the same committed SQL migrations, applied by drizzle's migrator at start.
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite, types } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { adaptPglite } from './pglite-statements';
import * as schema from './schema';

/** What routes and services see: the driver-independent drizzle database. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** Applies the committed migrations that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Runs `work` while no other server process on this database runs its own: processes started together migrate
   * and seed one after the other (a PostgreSQL advisory lock; PGlite has one process anyway).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** PGlite only: the data directory as an archive openPglite's loadDataDir takes. */
  dump?(): Promise<Blob>;
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * The embedded server's settings (memory): PostgreSQL's 128 MB of shared buffers are far more than the
 * demo data (a few MB) needs, and in WebAssembly they are resident memory of the Node process.
 */
const PGLITE_CONF = ['shared_buffers=16MB', 'maintenance_work_mem=16MB'];

/**
 * The types drizzle reads as text (its PGlite driver hands these parsers with every query: timestamps, interval,
 * date and their arrays; drizzle-orm/pglite/session.js). The client keeps them too, so what runs outside drizzle
 * (exec) reads these types as drizzle does.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const asText = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((t) => [t, (value: string) => value]));

/**
 * Memory: V8 compiles PGlite's WebAssembly (9 MB, plus initdb's on a first start) on as many background
 * threads as it likes, each with its own malloc arena that keeps its memory after the compile. One compile thread
 * measured 255 -> 225 MB resident for an opened data directory, with about the same open time on two cores; the
 * code it produces is the same, so queries run as fast. Set before the first compile; V8 reads it per compile.
 */
const WASM_COMPILE_FLAGS = '--wasm-num-compilation-tasks=1';

/**
 * PGlite in `dataDir`, or in memory when dataDir is 'memory://' (tests). `loadDataDir` starts it from a
 * dumpDataDir() archive instead of running initdb: the server tests open one migrated and seeded copy per file.
 */
export async function openPglite(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  setFlagsFromString(WASM_COMPILE_FLAGS);
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(resolve(dataDir), { recursive: true });
  const client = await PGlite.create({
    dataDir: inMemory ? undefined : resolve(dataDir),
    loadDataDir: options.loadDataDir,
    postgresqlconf: PGLITE_CONF,
    parsers: asText,
  });
  adaptPglite(client, { textParsers: asText });
  const db = drizzlePglite(client, { schema });
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    exclusive: (work) => work(),
    dump: () => client.dumpDataDir('none'),
  };
}

/** Connections per process (DATABASE_POOL_MAX): N processes use up to N times this of max_connections. */
export const DEFAULT_POOL_MAX = 10;
/** A request waits at most this long for a connection, so an unreachable database answers 503, not a hang. */
const CONNECT_TIMEOUT_MS = 5_000;

/** The advisory lock key of a server's start (migrations and seed). */
const START_LOCK = 0x5f5f5354;

const closers = new WeakMap<Db, (() => Promise<void>)[]>();

/** Runs `close` when the database is closed, before its pool ends (the deployment's listening connection). */
export function onDatabaseClose(db: Db, close: () => Promise<void>): void {
  const list = closers.get(db) ?? [];
  list.push(close);
  closers.set(db, list);
}

export async function openPostgres(url: string, options: { poolMax?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle connection the server drops (a restart, a failover) is an event, not a crash: the next query
  // opens a new one, and until the database answers requests fail with 503 (runtime/errors.ts).
  pool.on('error', (err) => console.error(`PostgreSQL connection lost: ${err.message}`));
  const db = drizzlePg(pool, { schema });
  return {
    db,
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    async exclusive(work) {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [START_LOCK]);
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock($1)', [START_LOCK]).catch(() => {});
        client.release();
      }
    },
    async close() {
      for (const close of closers.get(db) ?? []) await close();
      await pool.end();
    },
  };
}

/**
 * Gives back memory a closed PGlite held (its WebAssembly memory only grows while open, and a first start also ran
 * initdb in a second instance): V8 frees those buffers only when it collects, which an idle server may not do for
 * a long time, so a collection is asked for once here (node's gc, made reachable without a command-line flag).
 */
export function collectClosedDatabaseMemory(): void {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // Only memory is at stake: V8 collects on its own later.
  }
}

export function openDatabase(config: { databaseUrl?: string; dataDir: string; poolMax?: number }): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { poolMax: config.poolMax })
    : openPglite(config.dataDir);
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Hands the database to every route as `app.db`; whoever opened it closes it. */
export function registerDb(app: FastifyInstance, db: Db): void {
  app.decorate('db', db);
}
