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
  /** PGlite only: the data directory as an archive openPglite's loadDataDir takes. */
  dump?(): Promise<Blob>;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

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
    dump: () => client.dumpDataDir('none'),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
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

export function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
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
