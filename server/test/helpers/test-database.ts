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

export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openPglite('memory://');
  const name = `sf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      await dropDatabase(adminUrl, name);
    },
  };
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
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
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
