/**
 * Payouts through WeChat Pay's 商家转账 (transfer to the earner's WeChat balance, API v3, user-confirm mode),
 * behind the payout provider interface. `submit` POSTs /v3/fund-app/mch-transfer/transfer-bills with
 * out_bill_no = the withdrawal number, so a retry after a lost answer is the same transfer at WeChat, never a
 * second one. WeChat answers WAIT_USER_CONFIRM with a package_info the earner confirms in WeChat
 * (wx.requestMerchantTransfer in the mini-program, WeixinJSBridge requestMerchantTransfer in the WeChat browser);
 * the end comes as a MCHTRANSFER.BILL.FINISHED notification (SUCCESS, FAIL, CANCELLED), verified with the platform
 * key and decrypted with the API v3 key, or from GET …/transfer-bills/out-bill-no/{out_bill_no}.
 */
import { constants, publicEncrypt } from 'node:crypto';
import { badRequest } from '../../../runtime/http';
import { readPem } from '../../../runtime/pem';
import {
  createWechatPayClient,
  decryptResource,
  verifyPlatformSignature,
  type WechatPayAnswer,
} from '../../../runtime/wechat-pay-client';
import {
  BAD_PAYOUT_BODY,
  BAD_PAYOUT_SIGNATURE,
  PayoutOutcomeUnknown,
  PayoutRefused,
  type PayoutProvider,
  type PayoutState,
} from './payout';

export const TRANSFER_PATH = '/v3/fund-app/mch-transfer/transfer-bills';
/** WeChat asks for the payee's real name (encrypted) from 2,000 yuan up. */
export const NAME_REQUIRED_FROM_FEN = 200_000;
export const WECHAT_PAYOUT_FAILED = '微信转账失败';
export const WECHAT_PAYOUT_NOT_TAKEN = '微信支付未受理该转账';
/** fail_reason codes as the earner reads them; any other code is shown as WeChat gave it. */
export const WECHAT_FAIL_REASONS: Record<string, string> = {
  ACCOUNT_FROZEN: '该微信账户已被冻结',
  REAL_NAME_CHECK_FAIL: '该微信账户未实名认证',
  NAME_NOT_CORRECT: '收款人姓名与微信实名不一致',
  OPENID_INVALID: '收款微信账户有误',
  TRANSFER_QUOTA_EXCEED: '超出微信收款额度',
  DAY_RECEIVED_QUOTA_EXCEED: '超出当日微信收款额度',
  MONTH_RECEIVED_QUOTA_EXCEED: '超出当月微信收款额度',
  DAY_RECEIVED_COUNT_EXCEED: '超出当日微信收款次数',
  ID_CARD_NOT_CORRECT: '收款人身份信息有误',
  ACCOUNT_NOT_EXIST: '该微信账户不存在',
  TRANSFER_RISK: '该笔转账存在风险，已被微信拦截',
  REALNAME_ACCOUNT_RECEIVED_QUOTA_EXCEED: '超出该实名下微信收款额度',
  RECEIVE_ACCOUNT_NOT_PERMMIT: '该微信账户不能收款',
  PAYER_ACCOUNT_ABNORMAL: '商户账户异常',
  PAYEE_ACCOUNT_ABNORMAL: '收款微信账户异常',
  TRANSFER_REMARK_SET_FAIL: '转账备注有误',
  MERCHANT_REJECT: '商户已撤销该转账',
  MERCHANT_NOT_CONFIRM: '商户未确认该转账',
  USER_NOT_CONFIRM: '未在规定时间内确认收款',
};

export interface WechatPayoutSettings {
  mchId: string;
  serialNo: string;
  privateKey: string;
  platformPublicKey: string;
  platformPublicKeyId: string;
  apiV3Key: string;
  apiBase: string;
  notifyUrl: string;
  sceneId: string;
  remark: string;
  perception?: string;
  reportInfos: { info_type: string; info_content: string }[];
}

interface WechatBill {
  out_bill_no?: unknown;
  transfer_bill_no?: unknown;
  state?: unknown;
  transfer_amount?: unknown;
  fail_reason?: unknown;
  package_info?: unknown;
}

const reasonOf = (code: unknown) =>
  typeof code === 'string' && code ? (WECHAT_FAIL_REASONS[code] ?? `${WECHAT_PAYOUT_FAILED}（${code}）`) : undefined;

/** A bill (answer, query or decrypted notification) as our payout state. */
function stateOf(bill: WechatBill): PayoutState | null {
  if (typeof bill.out_bill_no !== 'string' || typeof bill.state !== 'string') return null;
  const withdrawalNo = bill.out_bill_no;
  if (bill.state === 'SUCCESS' || bill.state === 'FAIL' || bill.state === 'CANCELLED') {
    if (typeof bill.transfer_bill_no !== 'string' || !Number.isInteger(bill.transfer_amount)) return null;
    const ok = bill.state === 'SUCCESS';
    return {
      ended: true,
      withdrawalNo,
      // One bill ends once: its number is the notification id, so a query's answer and the notification are one.
      txnId: bill.transfer_bill_no,
      amount: bill.transfer_amount as number,
      status: ok ? 'SUCCESS' : 'FAIL',
      ...(ok ? {} : { reason: reasonOf(bill.fail_reason) ?? (bill.state === 'CANCELLED' ? '转账已撤销' : '打款失败') }),
    };
  }
  return {
    ended: false,
    withdrawalNo,
    ...(typeof bill.transfer_bill_no === 'string' ? { payoutRef: bill.transfer_bill_no } : {}),
    waitsForEarner: bill.state === 'WAIT_USER_CONFIRM',
    ...(bill.state === 'WAIT_USER_CONFIRM' && typeof bill.package_info === 'string'
      ? { confirmPackage: bill.package_info }
      : {}),
  };
}

/** Sensitive fields (user_name) are RSA-OAEP encrypted with the platform public key, as WeChat's guide says. */
export const encryptSensitive = (platformPublicKey: string, text: string) =>
  publicEncrypt(
    { key: platformPublicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    Buffer.from(text, 'utf8'),
  ).toString('base64');

export function createWechatPayoutProvider(s: WechatPayoutSettings, now: () => number = Date.now): PayoutProvider {
  const platform = { platformPublicKey: readPem(s.platformPublicKey), platformPublicKeyId: s.platformPublicKeyId };
  const client = createWechatPayClient({
    mchId: s.mchId,
    serialNo: s.serialNo,
    privateKey: readPem(s.privateKey),
    ...platform,
    apiBase: s.apiBase,
    now,
  });
  const billPath = (withdrawalNo: string) => `${TRANSFER_PATH}/out-bill-no/${encodeURIComponent(withdrawalNo)}`;

  async function query(withdrawalNo: string): Promise<PayoutState | 'NOT_FOUND'> {
    const res = await client.request('GET', billPath(withdrawalNo));
    if (res.status === 404) return 'NOT_FOUND';
    const state = res.status === 200 && res.json ? stateOf(res.json as WechatBill) : null;
    if (!state || state.withdrawalNo !== withdrawalNo) throw client.fail(String(res.json?.message ?? res.status));
    return state;
  }

  return {
    name: 'wechat',
    payoutTo: 'WECHAT_BALANCE',
    mchId: s.mchId,
    async submit(req) {
      if (!req.payee) throw new PayoutRefused('缺少收款微信账户');
      const bill = {
        appid: req.payee.appId,
        out_bill_no: req.withdrawalNo,
        transfer_scene_id: s.sceneId,
        openid: req.payee.openid,
        ...(req.amount >= NAME_REQUIRED_FROM_FEN && req.realName
          ? { user_name: encryptSensitive(platform.platformPublicKey, req.realName) }
          : {}),
        transfer_amount: req.amount,
        transfer_remark: s.remark.slice(0, 32),
        notify_url: s.notifyUrl,
        ...(s.perception ? { user_recv_perception: s.perception } : {}),
        transfer_scene_report_infos: s.reportInfos,
      };
      let res: WechatPayAnswer;
      try {
        res = await client.request('POST', TRANSFER_PATH, bill, { 'wechatpay-serial': s.platformPublicKeyId });
      } catch (err) {
        // No answer we can trust: WeChat may hold the transfer. The notification or the query will tell.
        throw new PayoutOutcomeUnknown(err instanceof Error ? err.message : String(err));
      }
      const state = res.status === 200 && res.json ? stateOf(res.json as WechatBill) : null;
      if (state) return state;
      // WeChat's guide: after any other answer, ask about the same out_bill_no before treating it as not paid.
      let asked: PayoutState | 'NOT_FOUND';
      try {
        asked = await query(req.withdrawalNo);
      } catch (err) {
        throw new PayoutOutcomeUnknown(err instanceof Error ? err.message : String(err));
      }
      if (asked !== 'NOT_FOUND') return asked;
      throw new PayoutRefused(`${WECHAT_PAYOUT_FAILED}：${String(res.json?.message ?? res.status)}`);
    },
    query,
    verifyNotification(rawBody, headers) {
      if (!verifyPlatformSignature(platform, headers, rawBody, now())) throw badRequest(BAD_PAYOUT_SIGNATURE);
      let state: PayoutState | null = null;
      try {
        const body = JSON.parse(rawBody) as {
          event_type?: unknown;
          resource: { ciphertext: string; nonce: string; associated_data?: string };
        };
        if (body.event_type === 'MCHTRANSFER.BILL.FINISHED')
          state = stateOf(JSON.parse(decryptResource(s.apiV3Key, body.resource)) as WechatBill);
      } catch {
        state = null;
      }
      if (!state?.ended) throw badRequest(BAD_PAYOUT_BODY);
      return state;
    },
    // WeChat reads any 2xx as received; a 4xx with {code, message} makes it notify again later.
    acknowledge: () => ({ code: 'SUCCESS', message: '成功' }),
    close() {},
  };
}
