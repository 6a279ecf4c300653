import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { UserInfo } from '@contract/entrance';
import { seedIfEmpty } from '../../src/db/seed';
import { openPglite } from '../../src/runtime/database/plugin';
import { buildHarness } from '../helpers/app';

describe('restart on an existing data directory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sf-restart-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps sessions and visitor tokens, does not seed twice, and refuses a nonce seen before the restart', async () => {
    const first = await buildHarness({ database: await openPglite(dir) });
    const { token, userId } = await first.login('13600000001');
    // A visitor token has no row: it outlives the restart because the key that signed it is stored.
    const visitor = await first.enter();
    const visitorInfo = (await first.get<UserInfo>('/front/v1/user/cache', {}, visitor)).body.info;
    const replayable = { method: 'GET' as const, url: '/front/v1/user/cache' };
    const signed = await first.get<UserInfo>(replayable.url, {}, token);
    assert.equal(signed.status, 200);
    const query = Object.fromEntries(new URL(signed.raw.raw.req.url ?? '', 'http://x').searchParams);
    await first.close();

    const database = await openPglite(dir);
    const second = await buildHarness({ database });
    try {
      assert.equal(await seedIfEmpty(database.db), false);
      const cache = await second.get<UserInfo>('/front/v1/user/cache', {}, token);
      assert.equal(cache.status, 200);
      assert.equal(cache.body.info.userId, userId);
      assert.equal(cache.body.info.phone, '13600000001');
      const visitorAgain = await second.get<UserInfo>('/front/v1/user/cache', {}, visitor);
      assert.deepEqual([visitorAgain.status, visitorAgain.body.info], [200, visitorInfo]);
      const replay = await second.inject({ ...replayable, query });
      assert.equal(replay.body.code, 4002);
    } finally {
      await second.close();
    }
  });
});
