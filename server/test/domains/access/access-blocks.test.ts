/**
 * The visitor-access check's manual errors over the real app: an operator blocks a project, a page or a customer
 * through /ops (validated in Chinese, audited), the storefront's check answers with the reason at once, an end in
 * the past lifts the block by itself, and lifting one restores access on the next check.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { ACCESS_DEFAULT_REASON, type AccessCheckInfo, type OpsAccessBlock } from '@contract/access';
import { accessBlocks } from '../../../src/domains/access/schema';
import { auditLog } from '../../../src/domains/operators/schema';
import { buildHarness, type Harness } from '../../helpers/app';

describe('access blocks: project, page and customer', () => {
  let h: Harness;
  let token: string;
  let userId: string;
  let otherToken: string;
  const ops = <T = OpsAccessBlock>(method: 'GET' | 'POST', url: string, payload?: unknown) =>
    h.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${h.config.opsKey}`,
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      payload: payload ? JSON.stringify(payload) : undefined,
    }) as Promise<{ status: number; body: { message: string; info: T } }>;
  const check = async (path: string, t = token) =>
    (await h.get<AccessCheckInfo>('/front/v1/access/check', { path }, t)).body.info;
  const lift = (blockSn: string) => ops('POST', `/ops/v1/access-blocks/${blockSn}/delete`);

  before(async () => {
    h = await buildHarness();
    ({ token, userId } = await h.login('13700137011', 'course'));
    otherToken = (await h.login('13700137012', 'course')).token;
  });
  after(async () => {
    await h.close();
  });

  it('a project closed for maintenance sends every visitor to the error page with its reason, until reopened', async () => {
    assert.deepEqual(await check('/pages/index/index'), { blocked: false, kind: null, message: null, endsAt: null });
    const ends = new Date(Date.now() + 3600_000).toISOString();
    const made = await ops('POST', '/ops/v1/access-blocks', {
      projectSn: 'course',
      kind: 'PROJECT',
      reason: '系统升级维护中',
      endsAt: ends,
    });
    assert.equal(made.status, 200);
    const seen = await check('pages/center/center');
    assert.equal(seen.blocked, true);
    assert.equal(seen.kind, 'PROJECT');
    assert.match(seen.message ?? '', /^系统升级维护中，预计\d\d月\d\d日 \d\d:\d\d恢复$/);
    const visitor = await h.enter('course');
    assert.equal((await check('pages/index/index', visitor)).blocked, true, 'a visitor is blocked too');
    assert.equal((await check('pages/index/index', await h.enter('demo'))).blocked, false, 'other projects stay open');

    const list = await ops<{ list: OpsAccessBlock[] }>('GET', '/ops/v1/access-blocks?projectSn=course');
    assert.deepEqual(
      list.body.info.list.map((b) => [b.kind, b.reason, b.active]),
      [['PROJECT', '系统升级维护中', true]],
    );
    assert.equal((await lift(made.body.info.blockSn)).status, 200);
    assert.equal((await check('pages/center/center')).blocked, false, 'reopened at once (the cache was dropped)');
    const actions = (
      await h.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `access:${made.body.info.blockSn}`))
    )
      .map((a) => a.action)
      .sort();
    assert.deepEqual(actions, ['access.block.create', 'access.block.delete']);
  });

  it('a page block closes that page only; a customer block by phone or user id closes the store to them only', async () => {
    const page = await ops('POST', '/ops/v1/access-blocks', {
      projectSn: 'course',
      kind: 'PAGE',
      target: '/subpackages/activity/exchangeCenter/exchangeCenter?x=1',
    });
    assert.equal(page.status, 200);
    assert.equal(page.body.info.target, 'subpackages/activity/exchangeCenter/exchangeCenter');
    const onPage = await check('/subpackages/activity/exchangeCenter/exchangeCenter?from=center');
    assert.deepEqual([onPage.blocked, onPage.message], [true, ACCESS_DEFAULT_REASON.PAGE]);
    assert.equal((await check('pages/center/center')).blocked, false);
    await lift(page.body.info.blockSn);

    const byPhone = await ops('POST', '/ops/v1/access-blocks', {
      projectSn: 'course',
      kind: 'VISITOR',
      target: '13700137011',
      reason: '账号存在异常，请联系客服',
    });
    assert.equal((await check('pages/index/index')).message, '账号存在异常，请联系客服');
    assert.equal((await check('pages/index/index', otherToken)).blocked, false);
    await lift(byPhone.body.info.blockSn);
    const byId = await ops('POST', '/ops/v1/access-blocks', { projectSn: 'course', kind: 'VISITOR', target: userId });
    assert.equal((await check('pages/index/index')).message, ACCESS_DEFAULT_REASON.VISITOR);
    await lift(byId.body.info.blockSn);
    assert.equal((await check('pages/index/index')).blocked, false);
  });

  it('a block whose end has passed no longer blocks, without any write', async () => {
    const endsAt = new Date(Date.now() + 1500).toISOString();
    const made = await ops('POST', '/ops/v1/access-blocks', { projectSn: 'course', kind: 'PROJECT', endsAt });
    assert.match((await check('pages/index/index')).message ?? '', /^商城维护中，请稍后再来，预计/);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(endsAt) - Date.now() + 50));
    assert.equal((await check('pages/index/index')).blocked, false);
    const [row] = await ops<{ list: OpsAccessBlock[] }>('GET', '/ops/v1/access-blocks?projectSn=course').then(
      (r) => r.body.info.list,
    );
    assert.deepEqual([row.blockSn, row.active], [made.body.info.blockSn, false]);
    await lift(made.body.info.blockSn);
  });

  it('bad input is refused in Chinese and nothing is stored', async () => {
    const cases: [unknown, string][] = [
      [
        { projectSn: 'course', kind: 'PAGE', target: 'http://evil.example/x' },
        '请填写商城页面路径，例如 pages/index/index',
      ],
      [{ projectSn: 'course', kind: 'VISITOR', target: '12345' }, '请填写顾客的11位手机号或用户ID'],
      [{ projectSn: 'course', kind: 'SOMETHING' }, '请选择封禁范围'],
      [{ projectSn: 'course', kind: 'PROJECT', reason: '维'.repeat(101) }, '原因最多100个字'],
      [{ projectSn: 'course', kind: 'PROJECT', endsAt: '明天' }, '结束时间格式不正确'],
      [
        { projectSn: 'course', kind: 'PROJECT', endsAt: new Date(Date.now() - 60_000).toISOString() },
        '结束时间须晚于现在',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await ops('POST', '/ops/v1/access-blocks', body);
      assert.equal(res.status, 400, `${JSON.stringify(body)} ${JSON.stringify(res.body)}`);
      assert.ok(res.body.message.includes(message), `${res.body.message} / ${message}`);
    }
    const rows = await h.database.db.select().from(accessBlocks).where(eq(accessBlocks.projectSn, 'course'));
    assert.equal(rows.length, 0);
    assert.equal((await lift('NO-SUCH-BLOCK')).status, 404);
    const unknown = await ops('POST', '/ops/v1/access-blocks', { projectSn: 'no-such-project', kind: 'PROJECT' });
    assert.deepEqual([unknown.status, unknown.body.message], [404, '项目不存在']);
    assert.equal((await h.get('/front/v1/access/check', { path: 'x'.repeat(400) }, token)).status, 400);
  });
});
