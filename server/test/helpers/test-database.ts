/**
 * The database a test harness runs on: an in-memory PGlite by default; with TEST_DATABASE_URL set (npm test's
 * second server run, scripts/ensure-postgres.sh), a fresh database created on that PostgreSQL server for this
 * harness and dropped when it closes, so test files never see each other's rows and the migrations run from
 * scratch each time, as in production.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { seedIfEmpty } from '../../src/db/seed';
import { openPglite, openPostgres, type Database } from '../../src/runtime/database/plugin';

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/**
 * A database of this test's own: on PostgreSQL a fresh one, empty or copied from the database `template`, dropped
 * when it closes; on PGlite an empty in-memory one.
 */
export async function openTestDatabase(template?: string): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openPglite('memory://');
  const name = `sf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name, template);
  const database = await openPostgres(databaseUrl(adminUrl, name));
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
}

/** Creates the database `name` on the server of `adminUrl`, empty or as a copy of the database `template`. */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
}

/** The URL of the database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A test database with the migrations run and the demo data seeded, for tests of services without the HTTP harness. */
export async function openSeededTestDatabase(): Promise<Database> {
  const database = await openTestDatabase();
  await database.migrate();
  await seedIfEmpty(database.db, { cardCodeKey: 'test-card-code-key' });
  return database;
}

/**
 * Plain DROP DATABASE: it stops autovacuum workers itself, while WITH (FORCE) would try to terminate them and
 * fail for lack of superuser rights. A backend of the closed pool may still be exiting, so "being accessed by
 * other users" is retried; a database that still cannot go is left to scripts/ensure-postgres.sh's clean-up.
 */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 10) {
        console.warn(`test database ${name} not dropped: ${(err as Error).message}`);
        return;
      }
    } finally {
      await client.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
  }
}
