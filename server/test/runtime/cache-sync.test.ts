/**
 * A process that stops hearing the others (its LISTEN connection lost) cannot know what they change: on PostgreSQL
 * its caches are emptied and bypassed until it listens again, and emptied once more then (runtime/cache-sync.ts).
 * The connection is cut the way a database restart or a network fault cuts it: the server ends its backend.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/runtime/database/plugin';
import { deploymentOf } from '../../src/runtime/deployment';
import { openSeededTestDatabase, usingPostgres } from '../helpers/test-database';

const until = async (what: string, done: () => boolean, ms = 10_000) => {
  const start = Date.now();
  while (!done()) {
    if (Date.now() - start > ms) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('cache sync on PostgreSQL', { skip: !usingPostgres() }, () => {
  let database: Database;
  before(async () => {
    database = await openSeededTestDatabase();
    await deploymentOf(database.db).cachesReady();
  });
  after(() => database.close());

  it('a lost LISTEN connection empties and bypasses the caches until it listens again', async () => {
    const deployment = deploymentOf(database.db);
    let loads = 0;
    const read = () =>
      deployment.readCache.get('demo', 'cache-sync-probe', async () => {
        loads += 1;
        return { loads };
      });

    assert.deepEqual(await read(), { loads: 1 });
    assert.deepEqual(await read(), { loads: 1 }, 'served from the cache while listening');

    await database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`);
    await until('the process to notice it no longer listens', () => !deployment.cachesLive);

    assert.deepEqual(await read(), { loads: 2 }, 'not listening: read live, the old entry is gone');
    assert.deepEqual(await read(), { loads: 3 }, 'and not kept while not listening');
    assert.equal(deployment.sessionCache, null, 'sessions are read live too');

    await deployment.cachesReady();
    assert.equal(deployment.cachesLive, true);
    assert.deepEqual(await read(), { loads: 4 }, 'listening again: nothing from before is trusted');
    assert.deepEqual(await read(), { loads: 4 }, 'and the cache serves again');
  });
});
