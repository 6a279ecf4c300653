/**
 * Payouts through WeChat Pay's 商家转账 against a local fake over real HTTP (server/test/fakes/wechat-transfer.ts),
 * cross-checked with wechatpay-axios-plugin: our requests verify with its Rsa/Formatter, notifications it seals and
 * signs verify and decrypt with ours. Success, failure with its reason, a refusal, a lost answer then the query,
 * replayed / forged / stale notifications, a half configuration, and a withdrawal without an openid.
 */
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import type { WithdrawalDetail, WithdrawalRuleInfo } from '@contract/earnings';
import { platformIdentities } from '../../../src/domains/auth/schema';
import { DEFAULT_OPS_KEY, loadConfig } from '../../../src/config';
import { DEMO_EARNER } from '../../../src/db/seed/earnings';
import { DEFAULT_EARNINGS_DATA_KEY, loadEarningsConfig } from '../../../src/domains/earnings/config';
import {
  bankCards,
  earningLedger,
  identities,
  payoutNotifications,
  withdrawals,
} from '../../../src/domains/earnings/schema';
import { book } from '../../../src/domains/earnings/service';
import { createVault } from '../../../src/domains/earnings/vault';
import { NO_PAYEE } from '../../../src/domains/earnings/payee';
import { createWechatPayoutProvider } from '../../../src/domains/earnings/providers/wechat-payout';
import { startWechatTransferFake, TRANSFER_MCH, type WechatTransferFake } from '../../fakes/wechat-transfer';
import { buildHarness, type Harness } from '../../helpers/app';

const P = '/front/v1/personal';
const OPS = { authorization: `Bearer ${DEFAULT_OPS_KEY}` };
const MINI = 'wxMINI0000000001';
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';

let fake: WechatTransferFake;
let h: Harness;
let earner: { token: string; userId: string };
const db = () => h.database.db;
let seq = 0;

/**
 * A withdrawal of the earner waiting for review, its amount reserved, as requestWithdrawal leaves it: to WeChat
 * balance, no card (or, without a payee, as an older card withdrawal would be).
 */
async function reviewing(amount: number, payee = true): Promise<string> {
  seq += 1;
  const withdrawalNo = `WDPAYOUT${Date.now()}${seq}`;
  const cardId = payee ? null : `card-payout-${seq}`;
  if (cardId)
    await db()
      .insert(bankCards)
      .values({
        cardId,
        userId: earner.userId,
        bankCode: 'ICBC',
        bankName: '工商银行',
        holderName: '张三',
        cardNoEnc: createVault(DEFAULT_EARNINGS_DATA_KEY).seal('6222021234567894'),
        cardNoHash: `hash-${seq}-${randomBytes(4).toString('hex')}`,
        cardTail: '7894',
      });
  await db()
    .insert(withdrawals)
    .values({
      withdrawalNo,
      userId: earner.userId,
      requestId: `req-${withdrawalNo}`,
      amount,
      fee: 0,
      actualAmount: amount,
      cardId,
      cardSnapshot: payee
        ? { bankName: '微信零钱', cardMasked: '', holderName: '张三' }
        : { bankName: '工商银行', cardMasked: '**** 7894', holderName: '张三' },
      status: 'REVIEWING',
      payee: payee ? { platform: 'WEAPP', appId: MINI, openid: OPENID } : null,
    });
  await book(db(), {
    promoterUserId: earner.userId,
    bucket: 'AVAILABLE',
    kind: 'WITHDRAWAL',
    ref: withdrawalNo,
    amount: -amount,
    title: '提现',
    createdAt: new Date(),
  });
  return withdrawalNo;
}

const approve = (no: string) =>
  h.inject({ method: 'POST', url: `/ops/earnings/withdrawals/${no}/approve`, headers: OPS, payload: {} });
const row = async (no: string) => (await db().select().from(withdrawals).where(eq(withdrawals.withdrawalNo, no)))[0];
const detail = async (no: string) => {
  const res = await h.get<WithdrawalDetail>(`${P}/withdrawal/detail`, { withdrawalNo: no }, earner.token);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info;
};
const returns = async (no: string) =>
  db()
    .select()
    .from(earningLedger)
    .where(and(eq(earningLedger.ref, no), eq(earningLedger.kind, 'WITHDRAWAL_RETURN')));
/** The payout-check asks only about payouts handed over more than a minute ago. */
const handedOverLongAgo = (no: string) =>
  db()
    .update(withdrawals)
    .set({ reviewedAt: new Date(Date.now() - 120_000) })
    .where(eq(withdrawals.withdrawalNo, no));

before(async () => {
  fake = await startWechatTransferFake();
  const env = fake.env(MINI);
  // The earnings settings come from the environment (each test file is its own process).
  Object.assign(process.env, env);
  h = await buildHarness({ env });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  fake.notifyTarget = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/payout/notify/wechat`;
  earner = await h.login(DEMO_EARNER.phone);
});
after(async () => {
  await h.close();
  await fake.stop();
});

describe('WeChat transfer to balance', () => {
  test('a withdrawal without an openid of the paying app is refused before anything is reserved', async () => {
    const before = await db().select().from(withdrawals).where(eq(withdrawals.userId, earner.userId));
    const res = await h.post(
      `${P}/withdrawal`,
      { amount: 1000, cardId: 'any-card', requestId: 'req-no-openid-1' },
      earner.token,
    );
    assert.equal(res.status, 400, res.raw.body);
    assert.equal((res.body as { message: string }).message, NO_PAYEE);
    const later = await db().select().from(withdrawals).where(eq(withdrawals.userId, earner.userId));
    assert.equal(later.length, before.length);
  });

  test('to balance no card is asked: the rule says 微信零钱, a request without cardId is reserved and handed over', async () => {
    await db()
      .insert(identities)
      .values({
        userId: earner.userId,
        projectSn: 'demo',
        realName: '张三',
        idNumberEnc: 'sealed',
        idNumberHash: `id-hash-${randomBytes(4).toString('hex')}`,
        idNumberMasked: '1****************8',
        provider: 'sandbox',
        providerRef: 'ref',
        verifiedAt: new Date(),
      })
      .onConflictDoNothing();
    await book(db(), {
      promoterUserId: earner.userId,
      bucket: 'AVAILABLE',
      kind: 'RELEASE',
      ref: `release-balance-${randomBytes(4).toString('hex')}`,
      amount: 50_000,
      title: '佣金解冻',
      createdAt: new Date(),
    });
    const cards = await db().select().from(bankCards).where(eq(bankCards.userId, earner.userId));
    assert.deepEqual(cards, [], 'the earner has no card');
    const rule = await h.get<WithdrawalRuleInfo>(`${P}/withdrawal/rule`, {}, earner.token);
    assert.equal(rule.status, 200, rule.raw.body);
    assert.equal(rule.body.info.payoutTo, 'WECHAT_BALANCE');
    assert.ok(rule.body.info.lines.includes('提现转入本人微信零钱，到账前需在微信中确认收款'));
    assert.ok(!rule.body.info.lines.some((l) => l.includes('银行卡')));

    await db()
      .insert(platformIdentities)
      .values({
        id: `PI-${OPENID}`,
        projectSn: 'demo',
        platform: 'WEAPP',
        appId: MINI,
        openid: OPENID,
        userId: earner.userId,
      })
      .onConflictDoNothing();
    const res = await h.post<WithdrawalDetail>(
      `${P}/withdrawal`,
      { amount: 1000, requestId: 'req-balance-0001' },
      earner.token,
    );
    assert.equal(res.status, 200, res.raw.body);
    const info = res.body.info;
    assert.deepEqual([info.payoutTo, info.bankName, info.cardMasked], ['WECHAT_BALANCE', '微信零钱', '']);
    const w = await row(info.withdrawalNo);
    assert.equal(w.cardId, null);
    assert.deepEqual(w.payee, { platform: 'WEAPP', appId: MINI, openid: OPENID });
    // A card id sent anyway is not kept: the retry of the same request is the same withdrawal.
    const again = await h.post<WithdrawalDetail>(
      `${P}/withdrawal`,
      { amount: 1000, cardId: 'some-card', requestId: 'req-balance-0001' },
      earner.token,
    );
    assert.equal(again.status, 200, again.raw.body);
    assert.equal(again.body.info.withdrawalNo, info.withdrawalNo);
    // Handed over by the operator: WeChat is asked to pay the openid, no card involved.
    fake.seen.length = 0;
    assert.equal((await approve(info.withdrawalNo)).status, 200);
    assert.equal(JSON.parse(fake.seen[0].body).openid, OPENID);
    assert.equal((await detail(info.withdrawalNo)).statusText, '待确认收款');
    const ledger = await db()
      .select()
      .from(earningLedger)
      .where(and(eq(earningLedger.ref, info.withdrawalNo), eq(earningLedger.kind, 'WITHDRAWAL')));
    assert.deepEqual(
      ledger.map((l) => [l.amount, l.title]),
      [[-1000, '提现至微信零钱']],
    );
  });

  test('success: the documented request, 待确认收款 with its package, then the notification', async () => {
    const no = await reviewing(12_345);
    fake.seen.length = 0;
    assert.equal((await approve(no)).status, 200);
    const [sent] = fake.seen;
    assert.deepEqual([sent.method, sent.url], ['POST', '/v3/fund-app/mch-transfer/transfer-bills']);
    // The SDK verifies our Authorization over the bytes sent.
    const auth = Object.fromEntries(
      [...String(sent.headers.authorization).matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]),
    );
    const message = Formatter.request('POST', sent.url, auth.timestamp, auth.nonce_str, sent.body);
    assert.ok(Rsa.verify(message, auth.signature, fake.keys.merchant.publicKey));
    assert.deepEqual(JSON.parse(sent.body), {
      appid: MINI,
      out_bill_no: no,
      transfer_scene_id: '1005',
      openid: OPENID,
      transfer_amount: 12_345,
      transfer_remark: '推广佣金提现',
      notify_url: 'https://shop.example.com/payout/notify/wechat',
      transfer_scene_report_infos: [
        { info_type: '岗位类型', info_content: '推广员' },
        { info_type: '报酬说明', info_content: '推广佣金' },
      ],
    });
    const bill = fake.bills.get(no)!;
    const d = await detail(no);
    assert.equal(d.status, 'PAYING');
    assert.equal(d.statusText, '待确认收款');
    assert.deepEqual(d.confirm, { mchId: TRANSFER_MCH, appId: MINI, package: bill.package_info, where: 'WEAPP' });

    const note = await fake.finish(no, 'SUCCESS');
    assert.equal(note.status, 200);
    assert.equal((await row(no)).status, 'SUCCESS');
    assert.equal((await detail(no)).confirm, null);
    // A replay is a duplicate: acknowledged, nothing changes, one record.
    const replay = await h.inject({
      method: 'POST',
      url: '/payout/notify/wechat',
      headers: note.headers,
      payload: note.body,
    });
    assert.equal(replay.status, 200);
    const recorded = await db().select().from(payoutNotifications).where(eq(payoutNotifications.withdrawalNo, no));
    assert.equal(recorded.length, 1);
    assert.deepEqual(await returns(no), []);
  });

  test('from 2,000 yuan the real name goes along, encrypted with the platform key', async () => {
    // The provider alone, against the same fake: the earner's name is read by the fake with the platform key.
    const pay = loadConfig(fake.env(MINI)).wechatPay;
    const provider = createWechatPayoutProvider({
      ...loadEarningsConfig(fake.env(MINI), pay).wechatPayout!,
      mchId: TRANSFER_MCH,
      serialNo: pay.serialNo!,
      privateKey: pay.privateKey!,
      platformPublicKey: pay.platformPublicKey!,
      platformPublicKeyId: pay.platformPublicKeyId!,
      apiV3Key: pay.apiV3Key!,
      apiBase: pay.apiBase,
    });
    const state = await provider.submit({
      withdrawalNo: 'WDNAME0001',
      amount: 200_000,
      card: null,
      payee: { appId: MINI, openid: OPENID },
      realName: '张三',
    });
    assert.equal('ended' in state && state.ended, false);
    assert.equal(fake.bills.get('WDNAME0001')?.userName, '张三');
  });

  test('failure: FAIL books the amount back once, with the reason the earner reads', async () => {
    const no = await reviewing(5_000);
    await approve(no);
    const note = await fake.finish(no, 'FAIL', 'ACCOUNT_FROZEN');
    assert.equal(note.status, 200);
    const w = await row(no);
    assert.deepEqual([w.status, w.reason], ['FAILED', '该微信账户已被冻结']);
    await h.inject({ method: 'POST', url: '/payout/notify/wechat', headers: note.headers, payload: note.body });
    assert.equal((await returns(no)).length, 1);
  });

  test('a refusal WeChat confirms (the query finds no bill) books the amount back with its message', async () => {
    const no = await reviewing(3_000);
    fake.refuseNext = { status: 403, code: 'NOT_ENOUGH', message: '资金不足' };
    await approve(no);
    const w = await row(no);
    assert.deepEqual([w.status, w.reason], ['FAILED', '微信转账失败：资金不足']);
    assert.equal((await returns(no)).length, 1);
  });

  test('a lost answer stays PAYING; the detail asks later; the late notification is a duplicate', async () => {
    const no = await reviewing(4_000);
    fake.loseNextAnswer = true;
    await approve(no);
    assert.equal(fake.bills.get(no)?.state, 'WAIT_USER_CONFIRM', 'WeChat holds the transfer');
    assert.deepEqual([(await row(no)).status, (await row(no)).confirmPackage], ['PAYING', null]);
    // Within the first minute the detail does not ask.
    assert.equal((await detail(no)).statusText, '打款中');
    await handedOverLongAgo(no);
    const waiting = await detail(no);
    assert.equal(waiting.statusText, '待确认收款');
    assert.equal(waiting.confirm?.package, fake.bills.get(no)?.package_info);
    // Asked again, the query (which has no package_info) keeps the package for the confirm button.
    assert.equal((await detail(no)).confirm?.package, fake.bills.get(no)?.package_info);
    // The earner confirms; the notification is lost too, and the query settles it once.
    fake.bills.get(no)!.state = 'SUCCESS';
    assert.equal((await detail(no)).status, 'SUCCESS');
    const late = await fake.finish(no, 'SUCCESS');
    assert.equal(late.status, 200);
    const recorded = await db().select().from(payoutNotifications).where(eq(payoutNotifications.withdrawalNo, no));
    assert.equal(recorded.length, 1);
    assert.equal((await row(no)).status, 'SUCCESS');
  });

  test('a CANCELLED bill (never confirmed) found by the query books the amount back once', async () => {
    const no = await reviewing(2_500);
    await approve(no);
    fake.bills.get(no)!.state = 'CANCELLED';
    await handedOverLongAgo(no);
    assert.equal((await detail(no)).status, 'FAILED');
    await detail(no);
    assert.equal((await returns(no)).length, 1);
  });

  test('SDK-sealed notifications pass; forged, stale or altered ones are refused', async () => {
    const no = await reviewing(6_000);
    await approve(no);
    const bill = fake.bills.get(no)!;
    const seal = (resource: object, aad = 'mch_payment') => {
      const nonce = Formatter.nonce(12);
      return JSON.stringify({
        id: `EV-${nonce}`,
        create_time: '2026-11-28T12:00:10+08:00',
        resource_type: 'encrypt-resource',
        event_type: 'MCHTRANSFER.BILL.FINISHED',
        summary: '商家转账单据终态通知',
        resource: {
          original_type: 'mch_payment',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: Aes.AesGcm.encrypt(JSON.stringify(resource), fake.keys.apiV3Key, nonce, aad),
          associated_data: 'mch_payment',
          nonce,
        },
      });
    };
    const signed = (body: string, key = fake.keys.platform.privateKey, at = Formatter.timestamp()) => {
      const nonce = Formatter.nonce();
      return {
        'content-type': 'application/json',
        'wechatpay-timestamp': String(at),
        'wechatpay-nonce': nonce,
        'wechatpay-signature': Rsa.sign(Formatter.response(at, nonce, body), key),
        'wechatpay-serial': 'PUB_KEY_ID_0119000001092025',
      };
    };
    const post = (body: string, headers: Record<string, string>) =>
      h.inject({ method: 'POST', url: '/payout/notify/wechat', headers, payload: body });
    const resource = {
      out_bill_no: no,
      transfer_bill_no: bill.transfer_bill_no,
      state: 'SUCCESS',
      mch_id: TRANSFER_MCH,
      transfer_amount: 6_000,
      openid: OPENID,
    };
    const body = seal(resource);
    const intruder = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    });
    assert.equal((await post(body, signed(body, String(intruder)))).status, 400, 'forged');
    assert.equal((await post(body, signed(body, undefined, Formatter.timestamp() - 400))).status, 400, 'stale');
    const otherAad = seal(resource, 'transaction');
    assert.equal((await post(otherAad, signed(otherAad))).status, 400, 'sealed for something else');
    const wrongAmount = seal({ ...resource, transfer_amount: 60_000 });
    assert.equal((await post(wrongAmount, signed(wrongAmount))).status, 400, 'another amount');
    assert.equal((await row(no)).status, 'PAYING');
    const ok = await post(body, signed(body));
    assert.equal(ok.status, 200, ok.raw.body);
    assert.equal((await row(no)).status, 'SUCCESS');
  });

  test('a half configuration stops start-up, naming what is missing', () => {
    const none = loadConfig({}).wechatPay;
    assert.throws(
      () => loadEarningsConfig({ PAYOUT_PROVIDER: 'wechat' }, none),
      (e: Error) =>
        [
          'WECHAT_PAY_MCH_ID',
          'WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID',
          'WECHAT_PAYOUT_SCENE_ID',
          'WECHAT_PAYOUT_NOTIFY_URL',
        ].every((n) => e.message.includes(n)),
    );
    const env = fake.env(MINI);
    const pay = loadConfig(env).wechatPay;
    assert.throws(
      () => loadEarningsConfig({ ...env, WECHAT_PAYOUT_SCENE_ID: '' }, pay),
      /WECHAT_PAYOUT_SCENE_ID: missing/,
    );
    assert.throws(
      () => loadEarningsConfig({ ...env, WECHAT_PAYOUT_SCENE_ID: '1000' }, pay),
      /WECHAT_PAYOUT_REPORT_INFOS/,
    );
    assert.throws(
      () => loadEarningsConfig({ WECHAT_PAYOUT_SCENE_ID: '1005' }, none),
      /WECHAT_PAYOUT_SCENE_ID: set, but PAYOUT_PROVIDER is not wechat/,
    );
    assert.equal(loadEarningsConfig(env, pay).wechatPayout?.notifyUrl, 'https://shop.example.com/payout/notify/wechat');
  });
});
