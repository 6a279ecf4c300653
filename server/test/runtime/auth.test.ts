import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/runtime/database/schema';
import { hashToken } from '../../src/runtime/sessions';
import { buildHarness, type Harness } from '../helpers/app';

const SESSION_GONE = { state: false, message: '登录已失效，请重新登录', info: null, code: 502 };

describe('session tokens', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  it('refuses a missing token with HTTP 401 and code 502 on every session route', async () => {
    const calls = [
      h.get('/front/v1/customerPage/menu'),
      h.post('/front/v1/customerPage/moduleInfo', { pageSn: 'demo-home' }),
      h.post('/front/v1/customerPage/module/column/list', { columnSn: 'demo-col-act' }),
      h.post('/front/v1/customerPage/column/more-level/list', { targetSn: 'demo-col-act' }),
      h.get('/front/v1/search', { keyword: '课' }),
      h.post('/front/v1/user/auth'),
      h.get('/front/v1/user/cache'),
      h.get('/api/user/phone/login', { phone: '13900000000', code: '123456' }),
    ];
    for (const res of await Promise.all(calls)) {
      assert.equal(res.status, 401, res.raw.body);
      assert.deepEqual(res.body, SESSION_GONE);
    }
  });

  it('refuses an unknown, an expired and a revoked token', async () => {
    const unknown = await h.get('/front/v1/user/cache', {}, 'not-a-real-token');
    assert.deepEqual([unknown.status, unknown.body], [401, SESSION_GONE]);

    // Stored sessions (a logged-in customer's); a visitor's token, which has no row, is tested in entrance.test.ts.
    const { token: expired } = await h.login('13700138601');
    await h.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(expired)));
    assert.equal((await h.get('/front/v1/user/cache', {}, expired)).status, 401);

    const { token: revoked } = await h.login('13700138602');
    await h.database.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.tokenHash, hashToken(revoked)));
    assert.equal((await h.get('/front/v1/user/cache', {}, revoked)).status, 401);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await h.login('13700138603');
    const rows = await h.database.db.select().from(sessions);
    assert.ok(rows.some((r) => r.tokenHash === hashToken(token)));
    assert.ok(!rows.some((r) => r.tokenHash === token));
  });
});
