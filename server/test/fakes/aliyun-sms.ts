/**
 * A local fake of Aliyun SMS over real HTTP (dysmsapi.aliyuncs.com, SendSms 2017-05-25), speaking the published
 * shapes: POST /?<parameters> with the x-acs-* headers and an ACS3-HMAC-SHA256 Authorization checked as the gateway
 * does (acs3-check.ts). Answers {Code: "OK", Message: "OK", BizId, RequestId}; a refused send is HTTP 200 with its
 * own Code (isv.MOBILE_NUMBER_ILLEGAL, isv.BUSINESS_LIMIT_CONTROL, isv.TEMPLATE_MISSING_PARAMETERS, ...); a gateway
 * refusal (signature, key, time, nonce) is a 4xx with {RequestId, HostId, Code, Message, Recommend}.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAcs3 } from './acs3-check';

export interface AliyunSmsMessage {
  phone: string;
  templateCode: string;
  params: Record<string, string>;
}

export interface AliyunSmsFake {
  base: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Approved templates: code -> the ${variables} it needs. */
  templates: Record<string, string[]>;
  received: AliyunSmsMessage[];
  calls: Array<{ action: string; code: string }>;
  /** The next sends to these numbers are answered with this Code (e.g. isv.BUSINESS_LIMIT_CONTROL). */
  refuseNumber: Map<string, string>;
  delayMs: number;
  lastCode(phone: string): string;
  env(): Record<string, string>;
  stop(): Promise<void>;
}

export const ALIYUN_TEMPLATES = {
  code: 'SMS_100000001',
  paid: 'SMS_100000002',
  refundResult: 'SMS_100000003',
  shipped: 'SMS_100000004',
  withdrawalResult: 'SMS_100000005',
  instalmentDue: 'SMS_100000006',
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startAliyunSmsFake(): Promise<AliyunSmsFake> {
  const nonces = new Set<string>();
  const fake = {
    accessKeyId: 'LTAIfakeSmsAccessKey000',
    accessKeySecret: 'fakeSmsAccessKeySecret000000000',
    signName: '示例商城',
    templates: {
      [ALIYUN_TEMPLATES.code]: ['code'],
      [ALIYUN_TEMPLATES.paid]: ['orderNo', 'amount'],
      [ALIYUN_TEMPLATES.refundResult]: ['orderNo', 'result'],
      [ALIYUN_TEMPLATES.shipped]: ['orderNo', 'carrier', 'trackingNo'],
      [ALIYUN_TEMPLATES.withdrawalResult]: ['amount', 'result'],
      [ALIYUN_TEMPLATES.instalmentDue]: ['orderNo', 'amount', 'dueDate'],
    } as Record<string, string[]>,
    received: [] as AliyunSmsMessage[],
    calls: [] as AliyunSmsFake['calls'],
    refuseNumber: new Map<string, string>(),
    delayMs: 0,
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const RequestId = randomUUID().toUpperCase();
    const reply = (status: number, answer: Record<string, unknown>) => {
      fake.calls.push({ action: String(req.headers['x-acs-action']), code: String(answer.Code) });
      const send = () => {
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify({ RequestId, ...answer }));
      };
      if (fake.delayMs) setTimeout(send, fake.delayMs).unref();
      else send();
    };
    const gateway = checkAcs3(
      { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body },
      { keys: { [fake.accessKeyId]: fake.accessKeySecret }, now: Date.now(), nonces },
    );
    if (gateway)
      return reply(gateway.status, {
        HostId: 'dysmsapi.aliyuncs.com',
        Code: gateway.Code,
        Message: gateway.Message,
        Recommend: `https://api.aliyun.com/troubleshoot?q=${gateway.Code}&product=Dysmsapi`,
      });
    if (req.headers['x-acs-action'] !== 'SendSms' || req.headers['x-acs-version'] !== '2017-05-25')
      return reply(404, {
        HostId: 'dysmsapi.aliyuncs.com',
        Code: 'InvalidAction.NotFound',
        Message: 'Specified api is not found',
      });
    const q = new URL(req.url ?? '/', 'http://fake').searchParams;
    const phone = q.get('PhoneNumbers') ?? '';
    if (q.get('SignName') !== fake.signName)
      return reply(200, { Code: 'isv.SMS_SIGNATURE_ILLEGAL', Message: '签名不合法' });
    const needs = fake.templates[q.get('TemplateCode') ?? ''];
    if (!needs) return reply(200, { Code: 'isv.SMS_TEMPLATE_ILLEGAL', Message: '模板不合法' });
    let params: Record<string, string>;
    try {
      params = JSON.parse(q.get('TemplateParam') ?? '{}') as Record<string, string>;
    } catch {
      return reply(200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法' });
    }
    if (needs.some((n) => typeof params[n] !== 'string'))
      return reply(200, { Code: 'isv.TEMPLATE_MISSING_PARAMETERS', Message: '模板变量缺少对应参数值' });
    if (!/^1[3-9]\d{9}$/.test(phone))
      return reply(200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '手机号码格式错误' });
    const refusal = fake.refuseNumber.get(phone);
    if (refusal) {
      fake.refuseNumber.delete(phone);
      return reply(200, { Code: refusal, Message: '触发号码天级流控Permits:10' });
    }
    fake.received.push({ phone, templateCode: q.get('TemplateCode') as string, params });
    reply(200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    base,
    lastCode(phone: string) {
      const hit = [...fake.received]
        .reverse()
        .find((m) => m.phone === phone && m.templateCode === ALIYUN_TEMPLATES.code);
      if (!hit) throw new Error(`no code sent to ${phone}`);
      return hit.params.code;
    },
    env: () => ({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: fake.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: fake.accessKeySecret,
      ALIYUN_SMS_API_BASE: base,
      SMS_SIGN_NAME: fake.signName,
      SMS_TEMPLATE_CODE: ALIYUN_TEMPLATES.code,
      SMS_TEMPLATE_PAID: `${ALIYUN_TEMPLATES.paid}:orderNo,amount`,
      SMS_TEMPLATE_REFUND_RESULT: `${ALIYUN_TEMPLATES.refundResult}:orderNo,result`,
      SMS_TEMPLATE_SHIPPED: `${ALIYUN_TEMPLATES.shipped}:orderNo,carrier,trackingNo`,
      SMS_TEMPLATE_WITHDRAWAL_RESULT: `${ALIYUN_TEMPLATES.withdrawalResult}:amount,result`,
      SMS_TEMPLATE_INSTALMENT_DUE: `${ALIYUN_TEMPLATES.instalmentDue}:orderNo,amount,dueDate`,
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
