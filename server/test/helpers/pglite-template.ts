/**
 * One migrated and seeded PGlite, made once per server test run and loaded by every harness that opens its own
 * database: a fresh in-memory PGlite runs initdb, the migrations and the seed, about 10 s per test file on two cores,
 * while loading the archive skips all three. scripts/test-server.sh makes it and names
 * it in TEST_PGLITE_TEMPLATE; without that variable (one file run alone, or PostgreSQL) every harness starts fresh.
 * It is made per run, never kept: the seed dates its data from today.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { seedIfEmpty } from '../../src/db/seed';
import { openPglite, type Database } from '../../src/runtime/database/plugin';

export const TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';

/** A database from the run's template, or null when there is none. */
export async function openFromTemplate(): Promise<Database | null> {
  const path = process.env[TEMPLATE_ENV];
  if (!path || process.env.TEST_DATABASE_URL) return null;
  return openPglite('memory://', { loadDataDir: new Blob([await readFile(path)]) });
}

/** Writes the archive to `path` (scripts/test-server.sh, through server/test/make-pglite-template.ts). */
export async function writeTemplate(path: string): Promise<void> {
  const database = await openPglite('memory://');
  await database.migrate();
  await seedIfEmpty(database.db);
  const archive = await database.dump!();
  await writeFile(path, Buffer.from(await archive.arrayBuffer()));
  await database.close();
}
