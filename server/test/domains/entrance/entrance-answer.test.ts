/**
 * The entrance's answer, as the route's schema serializes it: every field of the contract for a visitor and for a
 * customer, values that need escaping come back as stored, a changed project row is answered with its new values,
 * and a stored project type outside the contract is refused rather than answered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { projects } from '../../../src/domains/entrance/schema';
import { users } from '../../../src/domains/user/schema';
import { invalidateReadModels } from '../../../src/runtime/read-cache';
import { buildHarness, type Harness } from '../../helpers/app';

const KEYS = [
  'token',
  'userInfo',
  'timestamp',
  'needAuth',
  'wechatOfficialAccount',
  'tips',
  'sceneStyle',
  'projectEnum',
  'projectParam',
];

describe('the entrance answer', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  type Info = Record<string, unknown> & {
    token: string;
    userInfo: Record<string, unknown>;
    projectParam: Record<string, unknown>;
  };
  const enter = async (token?: string) => (await h.post<Info>('/front/v1/entrance', { projectSn: 'demo' }, token)).body;

  it('names every field of the contract, in its order, for a new visitor and for a customer', async () => {
    const visitor = await enter();
    assert.equal(visitor.state, true);
    assert.deepEqual(Object.keys(visitor.info), KEYS);
    assert.equal(visitor.info.needAuth, true);
    assert.ok(Math.abs(Number(visitor.info.timestamp) - Date.now()) < 60_000);
    assert.deepEqual(visitor.info.projectParam, {
      projectSn: 'demo',
      projectName: (await h.database.db.select().from(projects).where(eq(projects.projectSn, 'demo')))[0]!.name,
    });

    const { token, userId } = await h.login('13800138077');
    const odd = '小"明"\\ 😀\n</script>';
    await h.database.db.update(users).set({ nickName: odd }).where(eq(users.userId, userId));
    const customer = await enter(token);
    assert.deepEqual(Object.keys(customer.info), KEYS);
    assert.equal(customer.info.token, token, 'the live session is kept');
    assert.equal(customer.info.needAuth, false);
    assert.equal(customer.info.userInfo.nickName, odd);
  });

  it('answers values that need escaping as stored, and a changed project with its new values', async () => {
    const odd = { tips: '须知：\n"引号" \\ 反斜杠 \u2028 </script>', sceneStyle: '{"color":"#f00"}', name: '店\t名' };
    await h.database.db.update(projects).set(odd).where(eq(projects.projectSn, 'demo'));
    invalidateReadModels(h.database.db);
    const { info } = await enter();
    assert.equal(info.tips, odd.tips);
    assert.equal(info.sceneStyle, odd.sceneStyle);
    assert.equal(info.projectParam.projectName, odd.name);
  });

  it('refuses a stored project type outside the contract, as the schema does', async () => {
    await h.database.db.update(projects).set({ projectEnum: 'NOT_A_TYPE' }).where(eq(projects.projectSn, 'demo'));
    invalidateReadModels(h.database.db);
    const res = await h.post('/front/v1/entrance', { projectSn: 'demo' });
    assert.equal(res.status, 500);
  });
});
