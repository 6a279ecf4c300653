/**
 * The database a test harness runs on: an in-memory PGlite by default; with TEST_DATABASE_URL set (npm test's
 * second server run, scripts/ensure-postgres.sh), a fresh database created on that PostgreSQL server for this
 * harness and dropped when it closes, so test files never see each other's rows and the migrations run from
 * scratch each time, as in production.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../src/plugins/db';

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
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
