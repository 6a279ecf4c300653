/**
 * A local fake of WeChat Pay's 商家转账 (API v3, user-confirm mode) over real HTTP, keys made here: it checks the
 * merchant's WECHATPAY2-SHA256-RSA2048 signature on every request and signs every answer with the platform key.
 * POST /v3/fund-app/mch-transfer/transfer-bills creates a bill in WAIT_USER_CONFIRM with a package_info (the same
 * out_bill_no answers the same bill, as WeChat's idempotency does); GET …/out-bill-no/{no} answers it or 404
 * NOT_FOUND. `finish` is what WeChat does once the earner confirms (SUCCESS) or the bill fails / is cancelled:
 * it posts the signed MCHTRANSFER.BILL.FINISHED notification, its resource sealed with AES-256-GCM (aad mch_payment).
 */
import {
  createCipheriv,
  createSign,
  createVerify,
  generateKeyPairSync,
  privateDecrypt,
  constants,
  randomBytes,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

export interface FakeBill {
  appid: string;
  out_bill_no: string;
  transfer_bill_no: string;
  openid: string;
  transfer_amount: number;
  transfer_remark: string;
  transfer_scene_id: string;
  /** The decrypted user_name, when one was sent. */
  userName?: string;
  state: 'WAIT_USER_CONFIRM' | 'SUCCESS' | 'FAIL' | 'CANCELLED';
  fail_reason?: string;
  package_info: string;
}

export interface WechatTransferFake {
  base: string;
  notifyTarget: string;
  bills: Map<string, FakeBill>;
  /** Requests the fake saw: method, url, the request's headers and body. */
  seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
  /** The next transfer is created, but its answer never arrives (the connection is cut). */
  loseNextAnswer: boolean;
  /** The next transfer is refused with this 4xx and not created. */
  refuseNext: { status: number; code: string; message: string } | null;
  keys: { merchant: ReturnType<typeof pair>; platform: ReturnType<typeof pair>; apiV3Key: string };
  env(miniAppId: string): Record<string, string>;
  /** The bill ends; WeChat notifies the shop. Returns the notification as sent (for replays) and the answer. */
  finish(
    outBillNo: string,
    state: 'SUCCESS' | 'FAIL' | 'CANCELLED',
    failReason?: string,
  ): Promise<{ body: string; headers: Record<string, string>; status: number }>;
  signedHeaders(body: string, at?: number): Record<string, string>;
  stop(): Promise<void>;
}

export const TRANSFER_MCH = '1900000109';
const SERIAL = 'TRANSFERSERIAL01';
export const TRANSFER_PLATFORM_ID = 'PUB_KEY_ID_0119000001092025';

export async function startWechatTransferFake(): Promise<WechatTransferFake> {
  const merchant = pair();
  const platform = pair();
  const apiV3Key = randomBytes(16).toString('hex');

  function authorized(req: IncomingMessage, body: string): boolean {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.*)$/.exec(req.headers.authorization ?? '');
    if (!m) return false;
    const f = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, k, v]) => [k, v]));
    if (f.mchid !== TRANSFER_MCH || f.serial_no !== SERIAL || Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300)
      return false;
    return createVerify('RSA-SHA256')
      .update(`${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`)
      .verify(merchant.publicKey, f.signature, 'base64');
  }

  const signedHeaders = (body: string, at = Math.floor(Date.now() / 1000)) => {
    const ts = String(at);
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    return {
      'wechatpay-timestamp': ts,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': createSign('RSA-SHA256')
        .update(`${ts}\n${nonce}\n${body}\n`)
        .sign(platform.privateKey, 'base64'),
      'wechatpay-serial': TRANSFER_PLATFORM_ID,
    };
  };

  function answer(res: ServerResponse, status: number, json: unknown) {
    const body = JSON.stringify(json);
    res.writeHead(status, { 'content-type': 'application/json', ...signedHeaders(body) });
    res.end(body);
  }

  /** 发起转账's answer: the bill's number, time and state; package_info while it waits for the earner. */
  const created = (b: FakeBill) => ({
    out_bill_no: b.out_bill_no,
    transfer_bill_no: b.transfer_bill_no,
    create_time: '2026-11-28T12:00:00+08:00',
    state: b.state,
    ...(b.state === 'WAIT_USER_CONFIRM' ? { package_info: b.package_info } : {}),
    ...(b.fail_reason ? { fail_reason: b.fail_reason } : {}),
  });
  /** 商户单号查询转账单's answer. */
  const view = (b: FakeBill) => ({
    mch_id: TRANSFER_MCH,
    out_bill_no: b.out_bill_no,
    transfer_bill_no: b.transfer_bill_no,
    appid: b.appid,
    state: b.state,
    transfer_amount: b.transfer_amount,
    transfer_remark: b.transfer_remark,
    ...(b.fail_reason ? { fail_reason: b.fail_reason } : {}),
    openid: b.openid,
    create_time: '2026-11-28T12:00:00+08:00',
    update_time: '2026-11-28T12:00:05+08:00',
  });

  const fake: WechatTransferFake = {
    base: '',
    notifyTarget: '',
    bills: new Map(),
    seen: [],
    loseNextAnswer: false,
    refuseNext: null,
    keys: { merchant, platform, apiV3Key },
    signedHeaders,
    env: (miniAppId) => ({
      WECHAT_PAY_MINI_APP_ID: miniAppId,
      WECHAT_PAY_MCH_ID: TRANSFER_MCH,
      WECHAT_PAY_API_V3_KEY: apiV3Key,
      WECHAT_PAY_SERIAL_NO: SERIAL,
      WECHAT_PAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: platform.publicKey.replace(/\n/g, '\\n'),
      WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: TRANSFER_PLATFORM_ID,
      WECHAT_PAY_NOTIFY_URL: 'https://shop.example.com/pay/notify/wechat',
      WECHAT_PAY_API_BASE: fake.base,
      PAYOUT_PROVIDER: 'wechat',
      WECHAT_PAYOUT_SCENE_ID: '1005',
    }),
    async finish(outBillNo, state, failReason) {
      const b = fake.bills.get(outBillNo);
      if (!b) throw new Error(`no bill ${outBillNo}`);
      b.state = state;
      if (failReason) b.fail_reason = failReason;
      const resource = {
        out_bill_no: b.out_bill_no,
        transfer_bill_no: b.transfer_bill_no,
        state: b.state,
        mch_id: TRANSFER_MCH,
        transfer_amount: b.transfer_amount,
        openid: b.openid,
        ...(b.fail_reason ? { fail_reason: b.fail_reason } : {}),
        create_time: '2026-11-28T12:00:00+08:00',
        update_time: '2026-11-28T12:00:09+08:00',
      };
      const iv = randomBytes(6).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(iv));
      cipher.setAAD(Buffer.from('mch_payment'));
      const ciphertext = Buffer.concat([cipher.update(JSON.stringify(resource)), cipher.final(), cipher.getAuthTag()]);
      const body = JSON.stringify({
        id: `EV-${randomBytes(8).toString('hex')}`,
        create_time: '2026-11-28T12:00:10+08:00',
        resource_type: 'encrypt-resource',
        event_type: 'MCHTRANSFER.BILL.FINISHED',
        summary: '商家转账单据终态通知',
        resource: {
          original_type: 'mch_payment',
          algorithm: 'AEAD_AES_256_GCM',
          ciphertext: ciphertext.toString('base64'),
          associated_data: 'mch_payment',
          nonce: iv,
        },
      });
      const headers = { 'content-type': 'application/json', ...signedHeaders(body) };
      const res = await fetch(fake.notifyTarget, { method: 'POST', headers, body });
      await res.text();
      return { body, headers, status: res.status };
    },
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      fake.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (!authorized(req, body)) return answer(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      const url = req.url ?? '/';
      if (req.method === 'POST' && url === '/v3/fund-app/mch-transfer/transfer-bills') {
        const q = JSON.parse(body) as Partial<FakeBill> & { user_name?: string; notify_url?: string };
        if (!q.appid || !q.out_bill_no || !q.openid || !Number.isInteger(q.transfer_amount) || !q.transfer_scene_id)
          return answer(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
        let bill = fake.bills.get(q.out_bill_no);
        if (!bill) {
          if (fake.refuseNext) {
            const r = fake.refuseNext;
            fake.refuseNext = null;
            return answer(res, r.status, { code: r.code, message: r.message });
          }
          // A sensitive field is encrypted with the platform key that Wechatpay-Serial names.
          if (q.user_name && req.headers['wechatpay-serial'] !== TRANSFER_PLATFORM_ID)
            return answer(res, 400, { code: 'PARAM_ERROR', message: 'Wechatpay-Serial 有误' });
          bill = {
            appid: q.appid,
            out_bill_no: q.out_bill_no,
            transfer_bill_no: `1330000${Date.now()}${randomBytes(3).toString('hex')}`,
            openid: q.openid,
            transfer_amount: q.transfer_amount!,
            transfer_remark: q.transfer_remark ?? '',
            transfer_scene_id: q.transfer_scene_id,
            ...(q.user_name
              ? {
                  userName: privateDecrypt(
                    { key: platform.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
                    Buffer.from(q.user_name, 'base64'),
                  ).toString('utf8'),
                }
              : {}),
            state: 'WAIT_USER_CONFIRM',
            package_info: `ABBQO+oYAAABAAAAAAB${randomBytes(12).toString('base64')}`,
          };
          fake.bills.set(q.out_bill_no, bill);
        }
        if (fake.loseNextAnswer) {
          fake.loseNextAnswer = false;
          req.socket.destroy();
          return;
        }
        return answer(res, 200, created(bill));
      }
      const m = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/?]+)$/.exec(url);
      if (req.method === 'GET' && m) {
        const b = fake.bills.get(decodeURIComponent(m[1]));
        return b ? answer(res, 200, view(b)) : answer(res, 404, { code: 'NOT_FOUND', message: '记录不存在' });
      }
      answer(res, 404, { code: 'NOT_FOUND', message: 'no such API' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
