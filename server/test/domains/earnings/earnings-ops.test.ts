/**
 * The console's money routes of earnings and after-sales: withdrawals by project, approval and refusal audited with
 * the withdrawal before and after, only finance and the owner move money, the promoter list and the commission
 * rules table of a project, and bad input answered in Chinese, never a 5xx.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { OpsCommissionItem, OpsPromoterRow, OpsWithdrawal } from '@contract/earnings';
import { DEMO_EARNER } from '../../../src/db/seed/demo-earner';
import { bankCards, withdrawals } from '../../../src/domains/earnings/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession } from '../operators/ops-client';

let h: Harness;
let n = 0;

/** A withdrawal of the demo earner waiting for review (written as the customer's request would leave it). */
async function reviewing(): Promise<string> {
  const db = h.database.db;
  await db
    .insert(bankCards)
    .values({
      cardId: 'CARD-OPS-TEST',
      userId: DEMO_EARNER.userId,
      bankCode: 'ICBC',
      bankName: '工商银行',
      holderName: '测试',
      cardNoEnc: 'x',
      cardNoHash: 'ops-test',
      cardTail: '0001',
    })
    .onConflictDoNothing();
  const withdrawalNo = `WD-OPS-${++n}`;
  await db.insert(withdrawals).values({
    withdrawalNo,
    userId: DEMO_EARNER.userId,
    requestId: `ops-test-${n}`,
    amount: 100,
    fee: 0,
    actualAmount: 100,
    cardId: 'CARD-OPS-TEST',
    cardSnapshot: { bankName: '工商银行', cardMasked: '**** 0001', holderName: '测*' },
    status: 'REVIEWING',
  });
  return withdrawalNo;
}

before(async () => {
  h = await buildHarness();
});
after(async () => h.close());

type Entry = { action: string; target: string; before: Record<string, unknown>; after: Record<string, unknown> };
async function auditOf(action: string, target: string): Promise<Entry | undefined> {
  const owner = await operatorSession(h, 'owner', []);
  const res = await opsCall(h, 'GET', `/ops/v1/audit?action=${action}`, owner.token);
  return (res.body.info as { list: Entry[] }).list.find((e) => e.target === target);
}

describe('withdrawals in the console', () => {
  test("a project's list holds its promoters' withdrawals only; a bad status or project is a 400", async () => {
    const no = await reviewing();
    const finance = await operatorSession(h, 'finance', ['demo', 'course']);
    const demo = await opsCall(h, 'GET', '/ops/earnings/withdrawals?projectSn=demo&status=REVIEWING', finance.token);
    assert.equal(demo.status, 200, demo.raw.body);
    assert.ok((demo.body.info as { list: OpsWithdrawal[] }).list.some((w) => w.withdrawalNo === no));
    const course = await opsCall(h, 'GET', '/ops/earnings/withdrawals?projectSn=course', finance.token);
    assert.ok(!(course.body.info as { list: OpsWithdrawal[] }).list.some((w) => w.withdrawalNo === no));
    const bad = await opsCall(h, 'GET', '/ops/earnings/withdrawals?status=NOPE', finance.token);
    assert.deepEqual([bad.status, bad.body.message], [400, '提现状态有误']);
    const blank = await opsCall(h, 'GET', '/ops/earnings/withdrawals?projectSn=', finance.token);
    assert.deepEqual([blank.status, blank.body.message], [400, '项目编号有误']);
  });

  test('only finance and the owner approve; the audit log has the withdrawal before and after', async () => {
    const no = await reviewing();
    const operator = await operatorSession(h, 'operator', ['demo']);
    const refused = await opsCall(h, 'POST', `/ops/earnings/withdrawals/${no}/approve`, operator.token);
    assert.equal(refused.status, 403);
    const support = await operatorSession(h, 'support', ['demo']);
    assert.equal((await opsCall(h, 'GET', '/ops/earnings/withdrawals', support.token)).status, 403);

    const finance = await operatorSession(h, 'finance', ['demo']);
    const approved = await opsCall(h, 'POST', `/ops/earnings/withdrawals/${no}/approve`, finance.token);
    assert.equal(approved.status, 200, approved.raw.body);
    const entry = await auditOf('earnings.withdrawal.approve', `withdrawal:${no}`);
    assert.ok(entry);
    assert.equal(entry.before.status, 'REVIEWING');
    assert.notEqual(entry.after.status, 'REVIEWING');
    assert.equal(entry.after.amount, 100);
    const twice = await opsCall(h, 'POST', `/ops/earnings/withdrawals/${no}/approve`, finance.token);
    assert.ok(twice.status === 409 || twice.status === 400, twice.raw.body);
  });

  test('a refusal needs a reason in Chinese; refused, the audit log has it', async () => {
    const no = await reviewing();
    const owner = await operatorSession(h, 'owner', []);
    for (const [body, message] of [
      [{}, '请填写驳回原因'],
      [{ reason: '   ' }, '请填写驳回原因'],
      [{ reason: 'x'.repeat(61) }, '驳回原因不能超过60个字'],
      [{ reason: 7 }, '请填写驳回原因'],
    ] as const) {
      const res = await opsCall(h, 'POST', `/ops/earnings/withdrawals/${no}/reject`, owner.token, body);
      assert.deepEqual([res.status, res.body.message], [400, message], JSON.stringify(body));
    }
    const noBody = await opsCall(h, 'POST', `/ops/earnings/withdrawals/${no}/reject`, owner.token);
    assert.deepEqual([noBody.status, noBody.body.message], [400, '请填写驳回原因']);
    const res = await opsCall(h, 'POST', `/ops/earnings/withdrawals/${no}/reject`, owner.token, { reason: '信息有误' });
    assert.equal(res.status, 200, res.raw.body);
    const [row] = await h.database.db.select().from(withdrawals).where(eq(withdrawals.withdrawalNo, no));
    assert.equal(row.status, 'REJECTED');
    const entry = await auditOf('earnings.withdrawal.reject', `withdrawal:${no}`);
    assert.deepEqual(
      [entry?.before.status, entry?.after.status, entry?.after.reason],
      ['REVIEWING', 'REJECTED', '信息有误'],
    );
    const unknown = await opsCall(h, 'POST', '/ops/earnings/withdrawals/WD-NO-SUCH/approve', owner.token);
    assert.equal(unknown.status, 404);
  });
});

describe('promoters and commission rules', () => {
  test("the project's promoters with their balances; phones masked", async () => {
    const op = await operatorSession(h, 'operator', ['demo']);
    const res = await opsCall(h, 'GET', '/ops/earnings/promoters?projectSn=demo', op.token);
    assert.equal(res.status, 200, res.raw.body);
    const earner = (res.body.info as { list: OpsPromoterRow[] }).list.find((p) => p.userId === DEMO_EARNER.userId);
    assert.ok(earner);
    assert.equal(earner.promoterCode, DEMO_EARNER.promoterCode);
    assert.equal(earner.phone, '138****0088');
    assert.ok(earner.withdrawable + earner.frozen > 0, 'the seeded earner has commissions');
    const missing = await opsCall(h, 'GET', '/ops/earnings/promoters', op.token);
    assert.deepEqual([missing.status, missing.body.message], [400, '缺少项目']);
    const support = await operatorSession(h, 'support', ['demo']);
    assert.equal((await opsCall(h, 'GET', '/ops/earnings/promoters?projectSn=demo', support.token)).status, 403);
  });

  test('a rule set is read back, audited with the rule before; bad values are named', async () => {
    const op = await operatorSession(h, 'operator', ['demo']);
    const list = await opsCall(h, 'GET', '/ops/earnings/commission-rules?projectSn=demo', op.token);
    assert.equal(list.status, 200, list.raw.body);
    const items = (list.body.info as { list: OpsCommissionItem[] }).list;
    const item = items[0];
    assert.ok(item && item.actName);
    const set = await opsCall(h, 'POST', '/ops/earnings/commission-rules', op.token, {
      actSn: item.actSn,
      mode: 'RATE',
      value: 1234,
    });
    assert.equal(set.status, 200, set.raw.body);
    const again = await opsCall(h, 'GET', '/ops/earnings/commission-rules?projectSn=demo', op.token);
    const now = (again.body.info as { list: OpsCommissionItem[] }).list.find((i) => i.actSn === item.actSn);
    assert.deepEqual(now?.rule, { mode: 'RATE', value: 1234 });
    const entry = await auditOf('earnings.commission-rule.set', `activity:${item.actSn}`);
    assert.deepEqual(entry?.before, item.rule ? { actSn: item.actSn, ...item.rule } : null);
    assert.deepEqual(entry?.after, { actSn: item.actSn, mode: 'RATE', value: 1234 });
    for (const [body, message] of [
      [{ actSn: item.actSn, mode: 'PERCENT', value: 1 }, '请选择佣金方式'],
      [{ actSn: item.actSn, mode: 'FIXED', value: -1 }, '佣金数值有误'],
      [{ actSn: item.actSn, mode: 'FIXED', value: 1.5 }, '佣金数值有误'],
      [{ mode: 'FIXED', value: 1 }, '缺少商品编号'],
    ] as const) {
      const res = await opsCall(h, 'POST', '/ops/earnings/commission-rules', op.token, body);
      assert.deepEqual([res.status, res.body.message], [400, message], JSON.stringify(body));
    }
    const finance = await operatorSession(h, 'finance', ['demo']);
    const refused = await opsCall(h, 'POST', '/ops/earnings/commission-rules', finance.token, {
      actSn: item.actSn,
      mode: 'FIXED',
      value: 1,
    });
    assert.equal(refused.status, 403, 'finance reads marketing, never writes it');
  });
});

describe('after-sales in the console', () => {
  test("a project's applications only; a bad state or project is a 400; support reads but may not decide", async () => {
    const finance = await operatorSession(h, 'finance', ['demo', 'course']);
    const res = await opsCall(h, 'GET', '/ops/after-sales?projectSn=course&state=APPLIED', finance.token);
    assert.equal(res.status, 200, res.raw.body);
    const bad = await opsCall(h, 'GET', '/ops/after-sales?state=NOPE', finance.token);
    assert.deepEqual([bad.status, bad.body.message], [400, '售后状态不正确']);
    const other = await opsCall(h, 'GET', '/ops/after-sales?projectSn=integral', finance.token);
    assert.equal(other.status, 403);
    const support = await operatorSession(h, 'support', ['demo']);
    assert.equal((await opsCall(h, 'GET', '/ops/after-sales?projectSn=demo', support.token)).status, 200);
    const decide = await opsCall(h, 'POST', '/ops/after-sales/AS-NO-SUCH/refuse', support.token, { reason: '不行' });
    assert.equal(decide.status, 403);
    const empty = await opsCall(h, 'POST', '/ops/after-sales/AS-NO-SUCH/refuse', finance.token, { reason: ' ' });
    assert.deepEqual([empty.status, empty.body.message], [400, '请填写拒绝原因']);
  });
});
