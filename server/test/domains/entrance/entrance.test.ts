import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { PROJECT_ENUMS, type EntranceInfo, type UserInfo } from '@contract/entrance';
import { projects } from '../../../src/domains/entrance/schema';
import { sessions } from '../../../src/runtime/database/schema';
import { users } from '../../../src/domains/user/schema';
import { invalidateReadModels } from '../../../src/runtime/read-cache';
import { buildHarness, type Harness } from '../../helpers/app';

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

  it('visitors entering at once each get their own user and a working session, and no row is written for them', async () => {
    const usersBefore = (await h.database.db.select().from(users)).length;
    const sessionsBefore = (await h.database.db.select().from(sessions)).length;
    const entered = await Promise.all(
      Array.from({ length: 30 }, () => h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' })),
    );
    assert.ok(entered.every((r) => r.status === 200));
    const ids = new Set(entered.map((r) => r.body.info.userInfo.userId));
    assert.equal(ids.size, 30);
    assert.equal(new Set(entered.map((r) => r.body.info.token)).size, 30);
    assert.equal(new Set(entered.map((r) => r.body.info.userInfo.unionId)).size, 30);
    for (const r of entered.slice(0, 5)) {
      const menu = await h.get('/front/v1/customerPage/menu', {}, r.body.info.token);
      assert.equal(menu.status, 200, 'the visitor token works at once');
      const again = await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' }, r.body.info.token);
      assert.deepEqual(
        [again.body.info.token, again.body.info.userInfo],
        [r.body.info.token, r.body.info.userInfo],
        'the same visitor comes back',
      );
      const cached = await h.get<UserInfo>('/front/v1/user/cache', {}, r.body.info.token);
      assert.deepEqual(cached.body.info, r.body.info.userInfo);
    }
    assert.equal((await h.database.db.select().from(users)).length, usersBefore);
    assert.equal((await h.database.db.select().from(sessions)).length, sessionsBefore);
  });

  it('refuses a visitor token that was altered, signed by another key or expired', async () => {
    const { token } = (await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' })).body.info;
    const [prefix, payload, mac] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as [string, string, string, number, number];
    const forged = (c: unknown[], m = mac) => `${prefix}.${Buffer.from(JSON.stringify(c)).toString('base64url')}.${m}`;
    // Another user id with the same signature (its last digit changed, whatever it was: a UUID ending in 0 once made
    // this 'forgery' the real token), a longer life, a signature flipped in one character.
    const flipped = `${prefix}.${payload}.${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    for (const bad of [
      forged([`${claims[0].slice(0, -1)}${claims[0].endsWith('0') ? '1' : '0'}`, ...claims.slice(1)]),
      forged([...claims.slice(0, 4), claims[4] + 1]),
      flipped,
      `${prefix}.${payload}`,
      'v1.x.y',
    ]) {
      const res = await h.get('/front/v1/user/cache', {}, bad);
      assert.equal(res.status, 401, bad);
    }
    // A token of the right form signed with a key of our own choosing.
    const { createHmac } = await import('node:crypto');
    const expired = Buffer.from(JSON.stringify([...claims.slice(0, 3), claims[3] - 10, Date.now() - 1])).toString(
      'base64url',
    );
    const ownKey = createHmac('sha256', 'not-the-server-key').update('v1.').update(expired).digest('base64url');
    assert.equal((await h.get('/front/v1/user/cache', {}, `v1.${expired}.${ownKey}`)).status, 401);
  });

  it('a visitor token is refused once revoked, and once its user has a phone', async () => {
    const { revokeSession } = await import('../../../src/runtime/sessions');
    const { readVisitorToken } = await import('../../../src/domains/entrance/visitor-tokens');
    const revoked = (await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' })).body.info.token;
    assert.equal((await h.get('/front/v1/user/cache', {}, revoked)).status, 200);
    const claims = await readVisitorToken(h.database.db, revoked);
    assert.ok(claims);
    await revokeSession(h.database.db, {
      token: revoked,
      userId: claims.userId,
      projectSn: claims.projectSn,
      visitor: claims,
    });
    assert.equal((await h.get('/front/v1/user/cache', {}, revoked)).status, 401);
    const [row] = await h.database.db.select().from(sessions).where(eq(sessions.userId, claims.userId));
    assert.ok(row?.revokedAt, 'the revocation is stored, so it outlives this process');

    // Its row stored and given a phone without this token being revoked (no path here does that; the check is the
    // guard should one ever): the token no longer works.
    const turned = (await h.post<EntranceInfo>('/front/v1/entrance', { projectSn: 'demo' })).body.info;
    const { ensureVisitorRow } = await import('../../../src/domains/entrance/visitor-tokens');
    const turnedClaims = await readVisitorToken(h.database.db, turned.token);
    assert.ok(turnedClaims);
    await ensureVisitorRow(h.database.db, { visitor: turnedClaims });
    await h.database.db.update(users).set({ phone: '13700138555' }).where(eq(users.userId, turned.userInfo.userId));
    assert.equal(
      (await h.get('/front/v1/user/cache', {}, turned.token)).status,
      401,
      'a visitor token never speaks for a customer',
    );
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

    // Projects are a read model (runtime/read-cache.ts): a change is seen once its write path invalidates it.
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
    assert.equal(
      (await h.post('/front/v1/entrance', { projectSn: 'baidu' })).status,
      200,
      'back online once invalidated',
    );
  });

  it("returns tips by key, preferring the project type's own text, null when unknown", async () => {
    const shared = await h.post<{ tips: string | null }>('/front/v1/entrance/tips', { enumKey: 'INTEGRAL_QUERY' });
    assert.equal(shared.body.info.tips, '积分查询可能会延迟，具体以移动官方积分余额为准');
    // §9: the points project's integral note is exactly the spec's text.
    const points = await h.post<{ tips: string | null }>('/front/v1/entrance/tips', {
      enumKey: 'INTEGRAL_QUERY',
      projectEnum: 'INTEGRAL_APPLE',
    });
    assert.equal(points.body.info.tips, '积分查询可能会延迟，具体以移动官方积分余额为准');
    const own = await h.post<{ tips: string | null }>('/front/v1/entrance/tips', {
      enumKey: 'LOGIN',
      projectEnum: 'INTEGRAL_APPLE',
    });
    assert.match(String(own.body.info.tips), /积分兑换规则/);
    const fallback = await h.post<{ tips: string | null }>('/front/v1/entrance/tips', {
      enumKey: 'LOGIN',
      projectEnum: 'DEFAULT',
    });
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
