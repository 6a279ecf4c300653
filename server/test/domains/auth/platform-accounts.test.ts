/**
 * platform-accounts, the service both the mini-program login and the WeChat-browser OAuth use:
 * identities are per app, a unionid joins a company's WeChat apps into one customer, a new identity joins the
 * asking visitor unless that visitor already has another account of the same app, and a phone merges customers.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/domains/user/schema';
import { platformIdentities } from '../../../src/domains/auth/schema';
import {
  PHONE_BOUND_ELSEWHERE,
  bindPhone,
  claimLoginCode,
  findOrCreateUserByPlatformIdentity,
  identitiesOf,
  saveProfile,
} from '../../../src/domains/auth/platform-accounts';
import { createVisitor } from '../../../src/domains/user/service';
import { buildHarness, type Harness } from '../../helpers/app';

describe('platform accounts', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());
  const db = () => h.database.db;
  const find = (over: Partial<Parameters<typeof findOrCreateUserByPlatformIdentity>[1]>) =>
    findOrCreateUserByPlatformIdentity(db(), {
      projectSn: 'demo',
      platform: 'WEAPP',
      appId: 'wxmini',
      openid: 'o-1',
      ...over,
    });

  it('an openid means something only with its app: the same openid of another app is another customer', async () => {
    const a = await find({ openid: 'o-same', appId: 'wxmini' });
    const b = await find({ openid: 'o-same', appId: 'wxother' });
    assert.equal(a.created, true);
    assert.notEqual(a.user.userId, b.user.userId);
    const again = await find({ openid: 'o-same', appId: 'wxmini' });
    assert.equal(again.created, false);
    assert.equal(again.user.userId, a.user.userId);
  });

  it('the unionid joins the mini-program and the official account into one customer, and replaces the random one', async () => {
    const mini = await find({ openid: 'o-mini-u', unionId: 'union-1' });
    assert.equal(mini.user.unionId, 'union-1');
    const browser = await find({ platform: 'WECHAT_H5', appId: 'wxofficial', openid: 'o-mp-u', unionId: 'union-1' });
    assert.equal(browser.user.userId, mini.user.userId);
    assert.deepEqual((await identitiesOf(db(), mini.user.userId)).map((i) => i.platform).sort(), [
      'WEAPP',
      'WECHAT_H5',
    ]);
  });

  it('a new identity joins the asking visitor, unless it already has another account of the same app', async () => {
    const visitor = await createVisitor(db(), 'demo');
    const first = await find({ openid: 'o-device-1', currentUserId: visitor.userId });
    assert.equal(first.user.userId, visitor.userId);
    const second = await find({ openid: 'o-device-2', currentUserId: visitor.userId });
    assert.notEqual(second.user.userId, visitor.userId, 'another WeChat account on a shared device');
    // A visitor of another project is never borrowed.
    const other = await createVisitor(db(), 'course');
    const crossed = await find({ openid: 'o-device-3', currentUserId: other.userId });
    assert.notEqual(crossed.user.userId, other.userId);
  });

  it('the session key is kept and refreshed on every login', async () => {
    await find({ openid: 'o-key', sessionKey: 'k1' });
    await find({ openid: 'o-key', sessionKey: 'k2' });
    const [row] = await db().select().from(platformIdentities).where(eq(platformIdentities.openid, 'o-key'));
    assert.equal(row.sessionKey, 'k2');
  });

  it('bindPhone: a free phone is taken; a phone with a customer merges into it; another phone is refused', async () => {
    const free = await find({ openid: 'o-phone-free' });
    const bound = await bindPhone(db(), { projectSn: 'demo', userId: free.user.userId, phone: '13500000001' });
    assert.deepEqual([bound.merged, bound.user.userId, bound.user.phone], [false, free.user.userId, '13500000001']);
    await assert.rejects(bindPhone(db(), { projectSn: 'demo', userId: free.user.userId, phone: '13500000002' }), {
      message: PHONE_BOUND_ELSEWHERE,
    });

    const swan = await find({ platform: 'SWAN', appId: 'baidukey', openid: 'o-phone-swan' });
    await saveProfile(db(), swan.user.userId, { nickName: '小度用户', avatar: null });
    const merged = await bindPhone(db(), { projectSn: 'demo', userId: swan.user.userId, phone: '13500000001' });
    assert.equal(merged.merged, true);
    assert.equal(merged.user.userId, free.user.userId);
    assert.equal(merged.user.nickName, '小度用户', 'the profile travels with the merge when the owner has none');
    const again = await find({ platform: 'SWAN', appId: 'baidukey', openid: 'o-phone-swan' });
    assert.equal(again.user.userId, free.user.userId);
    const [left] = await db().select().from(users).where(eq(users.userId, swan.user.userId));
    assert.equal(left.phone, null, 'the merged-away user keeps nothing that identifies the customer');
  });

  it('claimLoginCode: once per platform and app', async () => {
    await claimLoginCode(db(), 'WEAPP', 'wxmini', 'code-x');
    await assert.rejects(claimLoginCode(db(), 'WEAPP', 'wxmini', 'code-x'), { message: '登录凭证已使用，请重新登录' });
    await claimLoginCode(db(), 'SWAN', 'wxmini', 'code-x');
    await claimLoginCode(db(), 'WEAPP', 'wxother', 'code-x');
  });
});
