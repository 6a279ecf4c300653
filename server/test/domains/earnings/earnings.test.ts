/**
 * Promoter earnings on the server: the seeded earner's balances, attribution at submit, freeze then
 * release, refund before release cancels, clawback after, identity and bank card (encrypted at rest), withdrawal
 * rules, 20 concurrent withdrawals never above the balance, idempotency by request id, operator review, payout
 * notifications (applied once; replayed and tampered ones refused), another user's records invisible, bad input 400.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { eq, sql } from 'drizzle-orm';
import type { Confirmation, SubmitResult } from '@contract/order';
import type { PayParams } from '@contract/payment';
import type {
  BankCard,
  CommissionOrder,
  IdentityInfo,
  LedgerLine,
  ProfitInfo,
  WithdrawalDetail,
  WithdrawalRuleInfo,
} from '@contract/earnings';
import { ledgerRowShown, ledgerTotals } from '@contract/rules/ledger';
import type { Paged } from '@contract/common';
import { DEFAULT_OPS_KEY } from '../../../src/config';
import { smsCodes } from '../../../src/domains/auth/schema';
import { DEMO_EARNER } from '../../../src/db/seed/earnings';
import { commissions, earningLedger, withdrawals } from '../../../src/domains/earnings/schema';
import { DEFAULT_SANDBOX_PAYOUT_KEY } from '../../../src/domains/earnings/config';
import { onOrderRefunded, settlePromoter } from '../../../src/domains/earnings/service';
import { buildPayoutNotification } from '../../../src/domains/earnings/providers/payout';
import { buildSandboxNotification } from '../../../src/domains/payment/providers/sandbox';
import { buildHarness, type Harness } from '../../helpers/app';

const P = '/front/v1/personal';
const CARD_OK = '6222021234567894';
const CARD_PAYOUT_FAILS = '6222021234030000';
const ID_OK = '110101199003071233';
const ID_OTHER = '440106198506152012';
const ID_MINOR = '110101201001011237';
const OPS = { authorization: `Bearer ${DEFAULT_OPS_KEY}` };
const DAY = 86_400_000;
/** activity-05 costs ¥128 and pays 5%. */
const COMMISSION = 640;

let h: Harness;
/** Everything the server logs, to check that no ID or card number ever reaches it. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk));
    done();
  },
});
let earner: { token: string; userId: string };
let phoneSeq = 0;
const nextPhone = () => `1370000${String(1000 + (phoneSeq += 1)).slice(-4)}`;

before(async () => {
  // The earnings settings come from the environment (each test file is its own process): payouts notify at
  // once, and the daily limits are wide enough that the balance, not the count, stops the concurrent test.
  Object.assign(process.env, {
    SANDBOX_PAYOUT_DELAY_MS: '0',
    WITHDRAW_COUNT_PER_DAY: '100',
    WITHDRAW_MAX_PER_DAY_FEN: '100000000',
  });
  h = await buildHarness({ env: { LOG_LEVEL: 'info' }, app: { logger: true, logStream: logStream } });
  earner = await h.login(DEMO_EARNER.phone);
});
after(async () => h.close());

const db = () => h.database.db;
const profit = async (t = earner.token) => {
  const res = await h.get<ProfitInfo>(`${P}/profit`, { perSize: 50 }, t);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
};
async function ledgerSums(userId: string) {
  const rows = await db()
    .select({ bucket: earningLedger.bucket, sum: sql<string>`sum(${earningLedger.amount})` })
    .from(earningLedger)
    .where(eq(earningLedger.promoterUserId, userId))
    .groupBy(earningLedger.bucket);
  const of = (b: string) => Number(rows.find((r) => r.bucket === b)?.sum ?? 0);
  return { available: of('AVAILABLE'), frozen: of('FROZEN') };
}
const ops = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  h.inject({ method, url, headers: OPS, ...(payload ? { payload: payload as Record<string, unknown> } : {}) });

/**
 * A logged-in customer who buys activity-05 (¥128, 5% commission) through `promoterCode` and pays it in the sandbox.
 */
async function buyThrough(promoterCode: string | undefined, pay = true, buyerToken?: string): Promise<string> {
  const t = buyerToken ?? (await h.login(nextPhone())).token;
  const c = (await h.get<Confirmation>('/front/v1/client/order/confirm/data', { targetSn: 'demo-activity-05' }, t)).body
    .info;
  const ot = (
    await h.get<{ orderToken: string }>('/front/v1/client/order/confirm/receipt', { createOrderSn: c.createOrderSn }, t)
  ).body.info.orderToken;
  const submitted = await h.post<SubmitResult>(
    '/front/v1/client/order/submit',
    {
      createOrderSn: c.createOrderSn,
      orderDiscountList: [],
      discountsAmount: 0,
      payAmount: c.confirmOrderAmount.payAmount,
      totalAmount: c.confirmOrderAmount.orderTotalAmount,
      orderToken: ot,
      orderPreAttachVO: { deliveryType: c.deliveryType },
      ...(promoterCode ? { promoterCode } : {}),
    },
    t,
  );
  assert.equal(submitted.status, 200, submitted.raw.body);
  const { orderNo } = submitted.body.info;
  if (pay) {
    const params = await h.get<PayParams>(
      `/front/v1/client/order/payment/continue/${orderNo}`,
      { paySource: 'H5', tradeType: 'MWEB', redirectUrl: '/' },
      t,
    );
    assert.equal(params.status, 200, params.raw.body);
    const note = buildSandboxNotification(
      { paymentSn: params.body.info.paymentSn, amount: params.body.info.payAmount },
      h.config.sandboxPayKey,
    );
    const res = await h.inject({
      method: 'POST',
      url: '/pay/notify/sandbox',
      headers: note.headers,
      payload: note.body,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
  return orderNo;
}
const commissionOf = async (orderNo: string) =>
  (await db().select().from(commissions).where(eq(commissions.orderNo, orderNo)))[0];

describe('seeded earner and commissions', () => {
  test('the demo earner sees settled, frozen, pending and cancelled commissions, and balances equal the ledger', async () => {
    const info = await profit();
    assert.equal(info.isPromoter, true);
    assert.equal(info.promoterCode, DEMO_EARNER.promoterCode);
    const orders = await h.get<Paged<CommissionOrder>>(`${P}/freezing/order`, { perSize: 50 }, earner.token);
    const states = orders.body.info.list.map((o) => o.status).sort();
    assert.deepEqual(states, ['CANCELLED', 'FROZEN', 'PENDING', 'SETTLED', 'SETTLED']);
    const settled = orders.body.info.list.filter((o) => o.status === 'SETTLED').reduce((s, o) => s + o.commission, 0);
    const frozen = orders.body.info.list.filter((o) => o.status === 'FROZEN').reduce((s, o) => s + o.commission, 0);
    assert.equal(info.withdrawable, settled);
    assert.equal(info.frozen, frozen);
    assert.equal(info.totalEarned, settled + frozen);
    assert.deepEqual(await ledgerSums(earner.userId), { available: info.withdrawable, frozen: info.frozen });
    assert.ok(info.ledger.list.some((l) => l.kind === 'RELEASE' && l.bucket === 'AVAILABLE'));
    // Settling again books nothing twice.
    const rows = (await db().select().from(earningLedger).where(eq(earningLedger.promoterUserId, earner.userId)))
      .length;
    await settlePromoter(db(), earner.userId, 7);
    assert.equal(
      (await db().select().from(earningLedger).where(eq(earningLedger.promoterUserId, earner.userId))).length,
      rows,
    );
  });

  test('an order through the share link is attributed at submit, frozen when paid, released after the freeze', async () => {
    const before = await profit();
    const orderNo = await buyThrough(DEMO_EARNER.promoterCode);
    const c = await commissionOf(orderNo);
    assert.equal(c.promoterUserId, earner.userId);
    assert.equal(c.amount, COMMISSION);
    const paid = await profit();
    assert.equal(paid.frozen, before.frozen + COMMISSION);
    assert.equal(paid.withdrawable, before.withdrawable);
    assert.equal((await commissionOf(orderNo)).status, 'FROZEN');
    await settlePromoter(db(), earner.userId, 7, new Date(Date.now() + 6 * DAY));
    assert.equal((await commissionOf(orderNo)).status, 'FROZEN');
    await settlePromoter(db(), earner.userId, 7, new Date(Date.now() + 8 * DAY));
    assert.equal((await commissionOf(orderNo)).status, 'SETTLED');
    // Eight days on, the seeded commission paid two days ago is released too: everything frozen moved over.
    const released = await profit();
    assert.equal(released.frozen, 0);
    assert.equal(released.withdrawable, paid.withdrawable + paid.frozen);
    assert.deepEqual(await ledgerSums(earner.userId), { available: released.withdrawable, frozen: released.frozen });
  });

  test('unknown codes, own orders and unpaid orders earn nothing (yet); an unpaid order stays pending', async () => {
    const unknown = await buyThrough('P0000000000');
    assert.equal(await commissionOf(unknown), undefined);
    const own = await buyThrough(DEMO_EARNER.promoterCode, true, earner.token);
    assert.equal(await commissionOf(own), undefined);
    const unpaid = await buyThrough(DEMO_EARNER.promoterCode, false);
    await profit();
    assert.equal((await commissionOf(unpaid)).status, 'PENDING');
  });

  test('a refund before release cancels the commission; the same refund again changes nothing', async () => {
    const orderNo = await buyThrough(DEMO_EARNER.promoterCode);
    const before = await profit();
    await onOrderRefunded(db(), orderNo, 12800);
    await onOrderRefunded(db(), orderNo, 12800);
    const after = await profit();
    assert.equal((await commissionOf(orderNo)).status, 'CANCELLED');
    assert.equal(after.frozen, before.frozen - COMMISSION);
    assert.equal(after.withdrawable, before.withdrawable);
    assert.deepEqual(await ledgerSums(earner.userId), { available: after.withdrawable, frozen: after.frozen });
  });

  test('a refund after release claws back from the balance, in proportion, once per refunded total', async () => {
    const orderNo = await buyThrough(DEMO_EARNER.promoterCode);
    await profit();
    await settlePromoter(db(), earner.userId, 7, new Date(Date.now() + 8 * DAY));
    const before = await profit();
    const c = await commissionOf(orderNo);
    await onOrderRefunded(db(), orderNo, Math.floor(c.baseAmount / 2));
    await onOrderRefunded(db(), orderNo, Math.floor(c.baseAmount / 2));
    const half = await profit();
    const firstPart = Math.floor((c.amount * Math.floor(c.baseAmount / 2)) / c.baseAmount);
    assert.equal(half.withdrawable, before.withdrawable - firstPart);
    await onOrderRefunded(db(), orderNo, c.baseAmount);
    const full = await profit();
    assert.equal(full.withdrawable, before.withdrawable - c.amount);
    assert.equal(full.totalEarned, before.totalEarned - c.amount);
    assert.ok(full.ledger.list.some((l) => l.kind === 'CLAWBACK'));
    assert.deepEqual(await ledgerSums(earner.userId), { available: full.withdrawable, frozen: full.frozen });
  });
});

describe('identity, bank card, withdrawal', () => {
  let cardId = '';

  test('an unauthenticated promoter cannot add a card or withdraw, and each problem is named', async () => {
    const rule = await h.get<WithdrawalRuleInfo>(`${P}/withdrawal/rule`, {}, earner.token);
    assert.equal(rule.body.info.verified, false);
    const res = await h.post(
      `${P}/withdrawal`,
      { amount: 1000, cardId: 'BCNONE', requestId: 'req-unauth-1' },
      earner.token,
    );
    assert.equal(res.status, 400);
    assert.equal(res.body.message, '请先完成实名认证');
    const card = await h.post(
      `${P}/updateBankCard`,
      { bankCode: 'ICBC', cardNo: CARD_OK, code: '123456' },
      earner.token,
    );
    assert.equal(card.status, 400);
    assert.match(card.body.message, /实名认证/);
  });

  test('real-name: wrong ID, minor, mismatched name refused with their message; a good one is stored encrypted and shown masked', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ realName: '张三', idNumber: '110101199003071234' }, /正确的身份证号/],
      [{ realName: '张三', idNumber: ID_MINOR }, /未满18周岁/],
      [{ realName: 'Zhang', idNumber: ID_OK }, /正确的姓名/],
      [{ realName: '李不符', idNumber: ID_OK }, /不一致/],
    ];
    for (const [body, message] of cases) {
      const res = await h.post(`${P}/doIdentify`, body, earner.token);
      assert.equal(res.status, 400, res.raw.body);
      assert.match(res.body.message, message);
    }
    const ok = await h.post<IdentityInfo>(`${P}/doIdentify`, { realName: '张三', idNumber: ID_OK }, earner.token);
    assert.equal(ok.status, 200, ok.raw.body);
    assert.deepEqual(
      { verified: ok.body.info.verified, realName: ok.body.info.realName, id: ok.body.info.idNumberMasked },
      { verified: true, realName: '*三', id: '1101**********1233' },
    );
    const again = await h.post(`${P}/doIdentify`, { realName: '张三', idNumber: ID_OK }, earner.token);
    assert.equal(again.status, 409);
  });

  test('bank card: Luhn and length checked, SMS code required, stored encrypted, masked', async () => {
    const sent = await h.get<{ phone: string }>(`${P}/sendPhoneCode`, {}, earner.token);
    assert.equal(sent.status, 200, sent.raw.body);
    assert.equal(sent.body.info.phone, '138****0088');
    const code = h.sms.lastCode(DEMO_EARNER.phone);
    const bad = await h.post(
      `${P}/updateBankCard`,
      { bankCode: 'ICBC', cardNo: '6222021234567895', code },
      earner.token,
    );
    assert.equal(bad.body.message, '银行卡号有误，请核对后重新输入');
    const short = await h.post(`${P}/updateBankCard`, { bankCode: 'ICBC', cardNo: '62220212', code }, earner.token);
    assert.equal(short.body.message, '银行卡号应为16-19位数字');
    const wrongCode = await h.post(
      `${P}/updateBankCard`,
      { bankCode: 'ICBC', cardNo: CARD_OK, code: code === '000000' ? '111111' : '000000' },
      earner.token,
    );
    assert.equal(wrongCode.body.message, '验证码错误');
    const ok = await h.post<BankCard>(
      `${P}/updateBankCard`,
      { bankCode: 'ICBC', cardNo: `${CARD_OK.slice(0, 4)} ${CARD_OK.slice(4)}`, code },
      earner.token,
    );
    assert.equal(ok.status, 200, ok.raw.body);
    assert.equal(ok.body.info.cardMasked, '**** **** **** 7894');
    assert.equal(ok.body.info.holderName, '*三');
    cardId = ok.body.info.cardId;
    // A login code cannot bind a card: the code was consumed and the login code is another key.
    const reuse = await h.post(
      `${P}/updateBankCard`,
      { bankCode: 'ICBC', cardNo: CARD_PAYOUT_FAILS, code },
      earner.token,
    );
    assert.equal(reuse.status, 400);
  });

  test('the raw ID and card numbers appear nowhere in the database', async () => {
    const dump = await db().execute(
      sql`select row_to_json(t)::text as j from (select * from identities) t union all select row_to_json(b)::text from (select * from bank_cards) b`,
    );
    const text = JSON.stringify((dump as unknown as { rows: unknown[] }).rows);
    assert.ok(text.includes('1101**********1233'));
    assert.ok(!text.includes(ID_OK) && !text.includes(CARD_OK));
  });

  test('over the balance and below the minimum are refused with their message; nothing is booked', async () => {
    const before = await profit();
    const over = await h.post(
      `${P}/withdrawal`,
      { amount: before.withdrawable + 1, cardId, requestId: 'req-over-0001' },
      earner.token,
    );
    assert.equal(over.status, 400);
    assert.equal(over.body.message, '提现金额超过可提现余额');
    const small = await h.post(`${P}/withdrawal`, { amount: 999, cardId, requestId: 'req-small-001' }, earner.token);
    assert.equal(small.body.message, '单笔提现金额不能低于¥10');
    assert.equal((await profit()).withdrawable, before.withdrawable);
  });

  test('paid to a bank card (the sandbox channel), a withdrawal without a card is refused and nothing is booked', async () => {
    const before = await profit();
    const rule = await h.get<WithdrawalRuleInfo>(`${P}/withdrawal/rule`, {}, earner.token);
    assert.equal(rule.body.info.payoutTo, 'BANK_CARD');
    const res = await h.post(`${P}/withdrawal`, { amount: 1000, requestId: 'req-no-card-01' }, earner.token);
    assert.equal(res.status, 400, res.raw.body);
    assert.equal(res.body.message, '请选择到账银行卡');
    assert.equal((await profit()).withdrawable, before.withdrawable);
  });

  test('20 concurrent withdrawals never take more than the balance, and every one is answered', async () => {
    const before = await profit();
    const amount = Math.max(1000, Math.ceil(before.withdrawable / 7));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        h.post<WithdrawalDetail>(
          `${P}/withdrawal`,
          { amount, cardId, requestId: `req-conc-${String(i).padStart(4, '0')}` },
          earner.token,
        ),
      ),
    );
    const okCount = results.filter((r) => r.status === 200).length;
    for (const r of results)
      assert.ok(r.status === 200 || (r.status === 400 && r.body.message === '提现金额超过可提现余额'), r.raw.body);
    assert.equal(okCount, Math.floor(before.withdrawable / amount));
    const after = await profit();
    assert.equal(after.withdrawable, before.withdrawable - okCount * amount);
    assert.ok(after.withdrawable >= 0);
    assert.deepEqual(await ledgerSums(earner.userId), { available: after.withdrawable, frozen: after.frozen });
    // Give it all back for the next tests.
    for (const r of results.filter((x) => x.status === 200)) {
      const rej = await ops('POST', `/ops/earnings/withdrawals/${r.body.info.withdrawalNo}/reject`, {
        reason: '测试退回',
      });
      assert.equal(rej.status, 200, JSON.stringify(rej.body));
    }
    assert.equal((await profit()).withdrawable, before.withdrawable);
  });

  test('the same request id twice is one withdrawal; approval pays it out; replayed and tampered notifications change nothing', async () => {
    const before = await profit();
    const body = { amount: 1000, cardId, requestId: 'req-idem-000001' };
    const [a, b] = await Promise.all([
      h.post<WithdrawalDetail>(`${P}/withdrawal`, body, earner.token),
      h.post<WithdrawalDetail>(`${P}/withdrawal`, body, earner.token),
    ]);
    assert.equal(a.status, 200, a.raw.body);
    assert.equal(b.status, 200, b.raw.body);
    assert.equal(a.body.info.withdrawalNo, b.body.info.withdrawalNo);
    assert.equal(a.body.info.statusText, '审核中');
    assert.equal((await profit()).withdrawable, before.withdrawable - 1000);
    const no = a.body.info.withdrawalNo;

    const approved = await ops('POST', `/ops/earnings/withdrawals/${no}/approve`);
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    const twice = await ops('POST', `/ops/earnings/withdrawals/${no}/approve`);
    assert.equal(twice.status, 409);
    let detail: WithdrawalDetail | null = null;
    for (let i = 0; i < 100 && detail?.status !== 'SUCCESS'; i++) {
      await new Promise((r) => setImmediate(r));
      detail = (await h.get<WithdrawalDetail>(`${P}/withdrawal/detail`, { withdrawalNo: no }, earner.token)).body.info;
    }
    assert.equal(detail?.statusText, '到账');
    assert.deepEqual(
      detail?.timeline.map((s) => s.title),
      ['提交申请', '审核通过', '到账'],
    );

    const payoutRef = (approved.body as { info: { payoutRef: string } }).info.payoutRef;
    const replay = buildPayoutNotification(
      { withdrawalNo: no, amount: 1000, status: 'FAIL', txnId: payoutRef },
      DEFAULT_SANDBOX_PAYOUT_KEY,
    );
    const replayed = await h.inject({
      method: 'POST',
      url: '/payout/notify/sandbox',
      headers: replay.headers,
      payload: replay.body,
    });
    assert.equal(replayed.status, 200);
    const late = buildPayoutNotification(
      { withdrawalNo: no, amount: 1000, status: 'FAIL' },
      DEFAULT_SANDBOX_PAYOUT_KEY,
    );
    await h.inject({ method: 'POST', url: '/payout/notify/sandbox', headers: late.headers, payload: late.body });
    const tampered = buildPayoutNotification(
      { withdrawalNo: no, amount: 1000, status: 'FAIL' },
      DEFAULT_SANDBOX_PAYOUT_KEY,
    );
    const forged = await h.inject({
      method: 'POST',
      url: '/payout/notify/sandbox',
      headers: tampered.headers,
      payload: tampered.body.replace('"FAIL"', '"SUCCESS"'),
    });
    assert.equal(forged.status, 400);
    const wrongKey = buildPayoutNotification({ withdrawalNo: no, amount: 1000, status: 'FAIL' }, 'not-the-payout-key');
    assert.equal(
      (
        await h.inject({
          method: 'POST',
          url: '/payout/notify/sandbox',
          headers: wrongKey.headers,
          payload: wrongKey.body,
        })
      ).status,
      400,
    );
    const after = await profit();
    assert.equal(after.withdrawable, before.withdrawable - 1000);
    assert.equal(after.withdrawn, before.withdrawn + 1000);
    assert.equal(
      (await h.get<WithdrawalDetail>(`${P}/withdrawal/detail`, { withdrawalNo: no }, earner.token)).body.info.status,
      'SUCCESS',
    );
  });

  test('a failed payout books the amount back', async () => {
    // A minute later (one code per minute, as for login).
    await db()
      .update(smsCodes)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(smsCodes.phone, `bankcard:${DEMO_EARNER.phone}`));
    assert.equal((await h.get(`${P}/sendPhoneCode`, {}, earner.token)).status, 200);
    const code = h.sms.lastCode(DEMO_EARNER.phone);
    const card = await h.post<BankCard>(
      `${P}/updateBankCard`,
      { bankCode: 'CMB', cardNo: CARD_PAYOUT_FAILS, code },
      earner.token,
    );
    assert.equal(card.status, 200, card.raw.body);
    const before = await profit();
    const w = await h.post<WithdrawalDetail>(
      `${P}/withdrawal`,
      { amount: 1000, cardId: card.body.info.cardId, requestId: 'req-fail-000001' },
      earner.token,
    );
    assert.equal(w.status, 200, w.raw.body);
    await ops('POST', `/ops/earnings/withdrawals/${w.body.info.withdrawalNo}/approve`);
    let detail: WithdrawalDetail | null = null;
    for (let i = 0; i < 100 && detail?.status !== 'FAILED'; i++) {
      await new Promise((r) => setImmediate(r));
      detail = (
        await h.get<WithdrawalDetail>(
          `${P}/withdrawal/detail`,
          { withdrawalNo: w.body.info.withdrawalNo },
          earner.token,
        )
      ).body.info;
    }
    assert.equal(detail?.status, 'FAILED');
    assert.equal((await profit()).withdrawable, before.withdrawable);
  });
});

describe('收支明细', () => {
  test('the ledger read lists the rows the page shows; their 收入 and 支出 add up to 累计收益 and what was withdrawn', async () => {
    // A withdrawal refused by the operator: booked out, then back.
    const cards = await h.get<{ list: BankCard[] }>(`${P}/getBankCardList`, {}, earner.token);
    const w = await h.post<WithdrawalDetail>(
      `${P}/withdrawal`,
      { amount: 1000, cardId: cards.body.info.list[0].cardId, requestId: 'req-ledger-000001' },
      earner.token,
    );
    assert.equal(w.status, 200, w.raw.body);
    const no = w.body.info.withdrawalNo;
    assert.equal((await ops('POST', `/ops/earnings/withdrawals/${no}/reject`, { reason: '信息有误' })).status, 200);

    const pages: LedgerLine[] = [];
    let info = await profit();
    for (let page = 2; pages.push(...info.ledger.list) < info.ledger.total; page++) {
      const res = await h.get<ProfitInfo>(`${P}/profit`, { perSize: 50, page }, earner.token);
      assert.equal(res.status, 200, res.raw.body);
      info = res.body.info;
    }
    const rows = await db().select().from(earningLedger).where(eq(earningLedger.promoterUserId, earner.userId));
    const shown = rows.filter((r) => ledgerRowShown(r));
    // The frozen side of a release is the same move as its withdrawable side: left out, and not counted in total.
    assert.ok(rows.some((r) => r.kind === 'RELEASE' && r.bucket === 'FROZEN'));
    assert.equal(info.ledger.total, shown.length);
    assert.deepEqual(
      pages.map((l) => l.id).sort((a, b) => a - b),
      shown.map((r) => r.id).sort((a, b) => a - b),
    );
    assert.ok(pages.every((l) => !(l.kind === 'RELEASE' && l.bucket === 'FROZEN')));
    for (const kind of ['COMMISSION', 'RELEASE', 'WITHDRAWAL', 'WITHDRAWAL_RETURN'])
      assert.ok(
        pages.some((l) => l.kind === kind),
        kind,
      );

    // Every row shown counts in one total or is a release; all months together make the page's own figures.
    assert.deepEqual(ledgerTotals(pages), { income: info.totalEarned, expense: info.withdrawn });
    // The refused withdrawal and its return: nothing spent, and no income either.
    assert.deepEqual(ledgerTotals(rows.filter((r) => r.ref === no)), { income: 0, expense: 0 });
    // A release is money already counted as income when it was booked.
    assert.deepEqual(ledgerTotals(pages.filter((l) => l.kind === 'RELEASE')), { income: 0, expense: 0 });
  });
});

describe('restart', () => {
  test('a payout approved before a restart is handed to the provider again and settles once', async () => {
    const [card] = (await h.get<{ list: BankCard[] }>(`${P}/getBankCardList`, {}, earner.token)).body.info.list.filter(
      (c) => c.cardTail === CARD_OK.slice(-4),
    );
    const before = await profit();
    const w = await h.post<WithdrawalDetail>(
      `${P}/withdrawal`,
      { amount: 1000, cardId: card.cardId, requestId: 'req-restart-01' },
      earner.token,
    );
    assert.equal(w.status, 200, w.raw.body);
    // Approved, then the server stopped before the channel answered.
    await db()
      .update(withdrawals)
      .set({ status: 'PAYING', reviewedAt: new Date() })
      .where(eq(withdrawals.withdrawalNo, w.body.info.withdrawalNo));
    const restarted = await buildHarness({ database: h.database, closeDatabase: false });
    try {
      let status = '';
      for (let i = 0; i < 200 && status !== 'SUCCESS'; i++) {
        await new Promise((r) => setImmediate(r));
        status = (
          await h.get<WithdrawalDetail>(
            `${P}/withdrawal/detail`,
            { withdrawalNo: w.body.info.withdrawalNo },
            earner.token,
          )
        ).body.info.status;
      }
      assert.equal(status, 'SUCCESS');
    } finally {
      await restarted.close();
    }
    const after = await profit();
    assert.equal(after.withdrawable, before.withdrawable - 1000);
    assert.deepEqual(await ledgerSums(earner.userId), { available: after.withdrawable, frozen: after.frozen });
  });
});

describe('privacy, operators and bad input', () => {
  test("another user's records are invisible; a non-promoter has no earnings", async () => {
    const other = await h.login(nextPhone());
    const p = await profit(other.token);
    assert.equal(p.isPromoter, false);
    assert.equal((await h.get(`${P}/getBankCardList`, {}, other.token)).status, 403);
    const phone = nextPhone();
    const promoted = await h.login(phone);
    const made = await ops('POST', '/ops/earnings/promoters', { projectSn: 'demo', phone });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    const [mine] = (await h.get<Paged<WithdrawalDetail>>(`${P}/withdrawal/record`, {}, earner.token)).body.info.list;
    const peek = await h.get(`${P}/withdrawal/detail`, { withdrawalNo: mine.withdrawalNo }, promoted.token);
    assert.equal(peek.status, 404);
    assert.equal((await h.get<Paged<unknown>>(`${P}/withdrawal/record`, {}, promoted.token)).body.info.total, 0);
    assert.equal(
      (await h.get<{ list: unknown[] }>(`${P}/getBankCardList`, {}, promoted.token)).body.info.list.length,
      0,
    );
    assert.equal((await h.get<Paged<unknown>>(`${P}/freezing/order`, {}, promoted.token)).body.info.total, 0);
    // The same identity cannot verify a second account.
    const dup = await h.post(`${P}/doIdentify`, { realName: '张三', idNumber: ID_OK }, promoted.token);
    assert.equal(dup.status, 409);
    assert.equal(
      (await h.post(`${P}/doIdentify`, { realName: '王五', idNumber: ID_OTHER }, promoted.token)).status,
      200,
    );
  });

  test('operator routes need the key', async () => {
    assert.equal((await h.inject({ method: 'GET', url: '/ops/earnings/withdrawals' })).status, 401);
    assert.equal(
      (
        await h.inject({
          method: 'POST',
          url: '/ops/earnings/settle',
          headers: { authorization: 'Bearer wrong-key-wrong-key' },
        })
      ).status,
      401,
    );
    assert.equal((await ops('POST', '/ops/earnings/settle')).status, 200);
  });

  test('malformed input is a 400 with a Chinese message, never a 500', async () => {
    const bad: Array<[string, 'GET' | 'POST', Record<string, unknown>]> = [
      [`${P}/withdrawal`, 'POST', { amount: 'abc', cardId: 'x', requestId: 'req-bad-00001' }],
      [`${P}/withdrawal`, 'POST', { amount: 10.5, cardId: 'x', requestId: 'req-bad-00002' }],
      [`${P}/withdrawal`, 'POST', { amount: -100, cardId: 'x', requestId: 'req-bad-00003' }],
      [`${P}/withdrawal`, 'POST', { amount: 1000, cardId: 'x', requestId: 'bad id!' }],
      [`${P}/doIdentify`, 'POST', { realName: '张三' }],
      [`${P}/updateBankCard`, 'POST', { bankCode: 'ICBC', cardNo: CARD_OK, code: '12' }],
      [`${P}/updateBankCard`, 'POST', { bankCode: 'NOPE', cardNo: CARD_OK, code: '123456' }],
      [`${P}/freezing/order`, 'GET', { state: 'BAD' }],
      [`${P}/withdrawal/detail`, 'GET', {}],
      [`${P}/profit`, 'GET', { page: 0 }],
    ];
    for (const [url, method, body] of bad) {
      const res = method === 'GET' ? await h.get(url, body, earner.token) : await h.post(url, body, earner.token);
      assert.equal(res.status, 400, `${url} ${JSON.stringify(body)} -> ${res.raw.body}`);
      assert.match(res.body.message, /[\u4e00-\u9fa5]/);
    }
    const notify = await h.inject({ method: 'POST', url: '/payout/notify/sandbox', payload: 'garbage' });
    assert.equal(notify.status, 400);
  });

  test('no ID or card number ever reached the log', () => {
    const text = logged.join('');
    assert.ok(text.includes('/front/v1/personal/doIdentify'), 'the requests were logged');
    for (const secret of [ID_OK, ID_OTHER, ID_MINOR, CARD_OK, CARD_PAYOUT_FAILS])
      assert.ok(!text.includes(secret), `${secret} in the log`);
  });
});
