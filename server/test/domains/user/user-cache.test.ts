/**
 * User rows remembered in memory on PGlite (the entrance and every customer call read the caller's row):
 * whatever changes a user row (a login binding a phone, a profile, an update written straight to the table, one
 * inside a transaction) is seen by the next read, also when a read was already under way. On PostgreSQL nothing is
 * remembered; the same assertions hold there.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import type { EntranceInfo } from '@contract/entrance';
import { users } from '../../../src/domains/user/schema';
import { findUser } from '../../../src/domains/user/service';
import { buildHarness, type Harness } from '../../helpers/app';
import { usingPostgres } from '../../helpers/test-database';

describe('user cache', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  const enter = async (token: string) =>
    (await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' }, token)).body.info;

  it('the entrance sees a nickname written to the table after the row was read (and remembered)', async () => {
    const token = await h.enterStored('demo');
    const first = await enter(token);
    assert.equal((await enter(token)).userInfo.nickName, null);
    await h.database.db.update(users).set({ nickName: '小明' }).where(eq(users.userId, first.userInfo.userId));
    assert.equal((await enter(token)).userInfo.nickName, '小明');
  });

  it('a read under way when the row changes does not keep the old row', async () => {
    const token = await h.enterStored('demo');
    const { userId } = (await enter(token)).userInfo;
    // Not remembered now (any update of users empties the cache), so the next findUser reads the table.
    await h.database.db.update(users).set({ avatar: null }).where(eq(users.userId, userId));
    // The update is issued right after the read of the row (so it runs after it) and before that read answers.
    const client = (h.database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
      .$client;
    const query = client.query;
    let writing: Promise<unknown> | undefined;
    client.query = (...args: unknown[]) => {
      const answer = query.apply(client, args);
      if (!writing && String(args[0]).startsWith('select') && String(args[0]).includes('from "users"')) {
        writing = h.database.db
          .update(users)
          .set({ avatar: '/static/images/a.svg' })
          .where(eq(users.userId, userId))
          .then(() => undefined);
      }
      return answer;
    };
    try {
      const read = await findUser(h.database.db, userId);
      if (usingPostgres()) {
        // node-postgres is handed a query object, not the text: the update simply follows (nothing is cached there).
        writing ??= h.database.db
          .update(users)
          .set({ avatar: '/static/images/a.svg' })
          .where(eq(users.userId, userId))
          .then(() => undefined);
      } else {
        assert.ok(writing, 'the update was issued while the read was under way');
        assert.equal(read?.avatar, null, 'the read ran before the update');
      }
      await writing;
    } finally {
      client.query = query;
    }
    assert.equal((await findUser(h.database.db, userId))?.avatar, '/static/images/a.svg');
  });

  it('a change inside a transaction is seen once it commits; a rolled-back one never', async () => {
    const token = await h.enterStored('demo');
    const { userId } = (await enter(token)).userInfo;
    await findUser(h.database.db, userId);
    await h.database.db.transaction(async (tx) => {
      await tx.update(users).set({ nickName: '事务内' }).where(eq(users.userId, userId));
    });
    assert.equal((await findUser(h.database.db, userId))?.nickName, '事务内');
    await assert.rejects(
      h.database.db.transaction(async (tx) => {
        await tx.update(users).set({ nickName: '回滚' }).where(eq(users.userId, userId));
        throw new Error('rolled back');
      }),
    );
    assert.equal((await findUser(h.database.db, userId))?.nickName, '事务内');
  });

  it('a phone login is seen by the customer check and the entrance at once', async () => {
    const visitor = await h.enter('demo');
    const confirm = (token: string) =>
      h.get('/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-01' }, token);
    // The visitor's row (no phone, now remembered) is refused by a customer call.
    assert.equal((await confirm(visitor)).status, 403);
    const { userId } = (await enter(visitor)).userInfo;
    const phone = '13900005555';
    assert.equal((await h.get('/api/user/phone/verification/code', { phone }, visitor)).status, 200);
    const login = await h.get<{ token: string; userInfo: { userId: string } }>(
      '/api/user/phone/login',
      { phone, code: h.sms.lastCode(phone) },
      visitor,
    );
    assert.equal(login.body.info.userInfo.userId, userId, 'the visitor row itself took the phone');
    assert.equal((await confirm(login.body.info.token)).status, 200);
    const info = await enter(login.body.info.token);
    assert.deepEqual([info.needAuth, info.userInfo.phone], [false, phone]);
  });
});
