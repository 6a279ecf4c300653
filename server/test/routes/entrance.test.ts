import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { PROJECT_ENUMS, type EntranceInfo, type UserInfo } from '@contract/entrance';
import { projects, sessions, users } from '../../src/db/schema';
import { invalidateReadModels } from '../../src/services/read-cache';
import { createVisitorSession } from '../../src/services/users';
import { buildHarness, type Harness } from '../helpers/app';

describe('entrance, tips and user routes', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  it('enters each demo project as a visitor, one per projectEnum', async () => {
    const seen = new Set<string>();
    for (const projectSn of ['demo', 'course', 'integral', 'form', 'auth', 'baidu']) {
      const before = Date.now();
      const res = await h.post<EntranceInfo>('/front/v1/entrance', { projectSn, source: 'H5' });
      assert.equal(res.status, 200);
      assert.equal(res.body.state, true);
      const info = res.body.info;
      assert.ok(info.token.length >= 32);
      assert.equal(info.userInfo.phone, null);
      assert.equal(info.needAuth, true);
      assert.equal(info.projectParam.projectSn, projectSn);
      assert.ok(info.timestamp >= before && info.timestamp <= Date.now());
      assert.ok(info.tips);
      seen.add(info.projectEnum);
    }
    assert.deepEqual([...seen].sort(), [...PROJECT_ENUMS].sort());
  });

  it('visitors entering at once are written together, each with its own user and a working session', async () => {
    const entered = await Promise.all(Array.from({ length: 30 }, () => h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' })));
    assert.ok(entered.every((r) => r.status === 200));
    const ids = new Set(entered.map((r) => r.body.info.userInfo.userId));
    assert.equal(ids.size, 30);
    assert.equal(new Set(entered.map((r) => r.body.info.token)).size, 30);
    for (const r of entered.slice(0, 5)) {
      const menu = await h.get('/front/v1/customerPage/menu', {}, r.body.info.token);
      assert.equal(menu.status, 200, 'the session was stored before the entrance answered');
    }
    for (const r of entered) {
      const [row] = await h.database.db.select().from(users).where(eq(users.userId, r.body.info.userInfo.userId));
      assert.deepEqual([row?.projectSn, row?.phone], ['demo', null]);
    }
  });

  it('a visitor whose rows cannot be written fails alone; the others entering with it are stored', async () => {
    const results = await Promise.allSettled(['demo', 'no-such-project', 'course'].map((p) => createVisitorSession(h.database.db, p, 30)));
    assert.deepEqual(results.map((r) => r.status), ['fulfilled', 'rejected', 'fulfilled']);
    for (const r of results) {
      if (r.status !== 'fulfilled') continue;
      const stored = await h.database.db.select().from(sessions).where(eq(sessions.userId, r.value.user.userId));
      assert.equal(stored.length, 1);
    }
    assert.equal((await h.database.db.select().from(users).where(eq(users.projectSn, 'no-such-project'))).length, 0);
  });

  it('keeps a live session of the same project and replaces one of another project', async () => {
    const first = await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' });
    const again = await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' }, first.body.info.token);
    assert.equal(again.body.info.token, first.body.info.token);
    assert.equal(again.body.info.userInfo.userId, first.body.info.userInfo.userId);

    const other = await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'course' }, first.body.info.token);
    assert.notEqual(other.body.info.token, first.body.info.token);
    assert.notEqual(other.body.info.userInfo.userId, first.body.info.userInfo.userId);

    const stale = await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' }, 'no-such-token');
    assert.equal(stale.status, 200);
    assert.notEqual(stale.body.info.token, 'no-such-token');
  });

  it('answers an unknown or offline project with 404 and code 4041', async () => {
    const unknown = await h.post('/front/v1/entrance', { projectSn: 'nope' });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, { state: false, message: '项目不存在或已下线', info: null, code: 4041 });

    // Projects are a read model (services/read-cache.ts): a change is seen once its write path invalidates it.
    assert.equal((await h.post('/front/v1/entrance', { projectSn: 'baidu' })).status, 200);
    await h.database.db.update(projects).set({ status: 'OFFLINE' }).where(eq(projects.projectSn, 'baidu'));
    invalidateReadModels(h.database.db, 'baidu');
    try {
      const offline = await h.post('/front/v1/entrance', { projectSn: 'baidu' });
      assert.equal(offline.status, 404);
      assert.equal(offline.body.code, 4041);
    } finally {
      await h.database.db.update(projects).set({ status: 'ONLINE' }).where(eq(projects.projectSn, 'baidu'));
      invalidateReadModels(h.database.db, 'baidu');
    }
    assert.equal((await h.post('/front/v1/entrance', { projectSn: 'baidu' })).status, 200, 'back online once invalidated');
  });

  it('returns tips by key, preferring the project type\'s own text, null when unknown', async () => {
    const shared = await h.post<{ tips: string | null }>('/front/v1/entrance/tips', { enumKey: 'INTEGRAL_QUERY' });
    assert.equal(shared.body.info.tips, '积分查询可能会延迟，具体以移动官方积分余额为准');
    // §9: the points project's integral note is exactly the spec's text.
    const points = await h.post<{ tips: string | null }>('/front/v1/entrance/tips', { enumKey: 'INTEGRAL_QUERY', projectEnum: 'INTEGRAL_APPLE' });
    assert.equal(points.body.info.tips, '积分查询可能会延迟，具体以移动官方积分余额为准');
    const own = await h.post<{ tips: string | null }>('/front/v1/entrance/tips', { enumKey: 'LOGIN', projectEnum: 'INTEGRAL_APPLE' });
    assert.match(String(own.body.info.tips), /积分兑换规则/);
    const fallback = await h.post<{ tips: string | null }>('/front/v1/entrance/tips', { enumKey: 'LOGIN', projectEnum: 'DEFAULT' });
    assert.match(String(fallback.body.info.tips), /用户协议/);
    const none = await h.post<{ tips: string | null }>('/front/v1/entrance/tips', { enumKey: 'NOTHING' });
    assert.deepEqual(none.body, { state: true, message: 'success', info: { tips: null } });
  });

  it('reports the authorisation state and the cached user', async () => {
    const visitor = await h.enter('demo');
    const auth = await h.post('/front/v1/user/auth', {}, visitor);
    assert.deepEqual(auth.body.info, { needAuthUser: false, needAuthPhone: true });

    const { token, userId } = await h.login('13700000001');
    const authed = await h.post('/front/v1/user/auth', {}, token);
    assert.deepEqual(authed.body.info, { needAuthUser: false, needAuthPhone: false });
    const cache = await h.get<UserInfo>('/front/v1/user/cache', {}, token);
    assert.equal(cache.status, 200);
    assert.equal(cache.body.info.userId, userId);
    assert.equal(cache.body.info.phone, '13700000001');
  });

  it('answers a logged-in entrance with needAuth false', async () => {
    const { token } = await h.login('13700000002');
    const res = await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' }, token);
    assert.equal(res.body.info.token, token);
    assert.equal(res.body.info.needAuth, false);
    assert.equal(res.body.info.userInfo.phone, '13700000002');
  });
});
