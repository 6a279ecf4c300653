/**
 * One migrated and seeded database, made once per server test run and copied by every harness that opens its own
 * (scripts/test-server.sh makes it and names it in TEST_DATABASE_TEMPLATE):
 * - on PGlite, an archive of the data directory that a fresh in-memory PGlite loads, skipping initdb, the
 *   migrations and the seed (about 10 s per test file on two cores);
 * - on PostgreSQL (TEST_DATABASE_URL), a database each harness's own is created from (CREATE DATABASE ... TEMPLATE,
 *   a file copy), skipping the migrations and the seed (about 5 s per test file). The template itself is migrated
 *   from scratch, as in production, once per run.
 * Without the variable (one file run alone) every harness starts from an empty database. The template is made per
 * run, never kept: the seed dates its data from today.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { seedIfEmpty } from '../../src/db/seed';
import { openPglite, openPostgres, type Database } from '../../src/runtime/database/plugin';
import { createDatabase, databaseUrl, dropDatabase, openTestDatabase } from './test-database';

export const TEMPLATE_ENV = 'TEST_DATABASE_TEMPLATE';

/** A database copied from the run's template, or null when there is none. */
export async function openFromTemplate(): Promise<Database | null> {
  const template = process.env[TEMPLATE_ENV];
  if (!template) return null;
  if (process.env.TEST_DATABASE_URL) return openTestDatabase(template);
  return openPglite('memory://', { loadDataDir: new Blob([await readFile(template)]) });
}

/**
 * Makes the template: on PostgreSQL the database named `target` on TEST_DATABASE_URL's server, on PGlite the archive
 * at the path `target` (scripts/test-server.sh, through server/test/make-database-template.ts).
 */
export async function writeTemplate(target: string): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    await createDatabase(adminUrl, target);
    const database = await openPostgres(databaseUrl(adminUrl, target));
    try {
      await database.migrate();
      await seedIfEmpty(database.db);
    } finally {
      await database.close();
    }
    return;
  }
  const database = await openPglite('memory://');
  await database.migrate();
  await seedIfEmpty(database.db);
  const archive = await database.dump!();
  await writeFile(target, Buffer.from(await archive.arrayBuffer()));
  await database.close();
}

/** Drops the PostgreSQL template at the end of the run (PGlite's archive is a file the script removes). */
export async function dropTemplate(target: string): Promise<void> {
  if (process.env.TEST_DATABASE_URL) await dropDatabase(process.env.TEST_DATABASE_URL, target);
}
