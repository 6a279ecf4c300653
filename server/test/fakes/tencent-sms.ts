/**
 * A local fake of Tencent Cloud SMS over real HTTP (sms.tencentcloudapi.com, API 2021-01-11), speaking the published
 * shapes: POST / with X-TC-Action SendSms, X-TC-Version, X-TC-Region and a TC3-HMAC-SHA256 Authorization checked as
 * the gateway does (tc3-check.ts). Answers {Response: {SendStatusSet: [{SerialNo, PhoneNumber, Fee, SessionContext,
 * Code: "Ok", Message: "send success", IsoCode}], RequestId}}; a refused number gets its own Code in SendStatusSet;
 * a gateway or request error is {Response: {Error: {Code, Message}, RequestId}}, always HTTP 200.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkTc3 } from './tc3-check';

export interface TencentSmsMessage {
  phone: string;
  templateId: string;
  params: string[];
  signName: string;
}

export interface TencentSmsFake {
  base: string;
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  /** Approved templates: id -> number of {n} variables. */
  templates: Record<string, number>;
  received: TencentSmsMessage[];
  /** Every call's action and headers, for the tests that look at the protocol. */
  calls: Array<{ action: string; region: string; error?: string }>;
  /** The next sends to these numbers get this Code in SendStatusSet (e.g. LimitExceeded.PhoneNumberDailyLimit). */
  refuseNumber: Map<string, string>;
  /** Answer every call this many ms late (a timeout). */
  delayMs: number;
  /** The code template's first variable last sent to a phone (11 digits). */
  lastCode(phone: string): string;
  env(): Record<string, string>;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const TENCENT_TEMPLATES = {
  code: '1100001',
  paid: '1100002',
  refundResult: '1100003',
  shipped: '1100004',
  withdrawalResult: '1100005',
  instalmentDue: '1100006',
};

export async function startTencentSmsFake(): Promise<TencentSmsFake> {
  const fake = {
    secretId: 'AKIDfakeSmsSecretId0000000000000000',
    secretKey: 'fakeSmsSecretKey0000000000000000',
    sdkAppId: '1400000001',
    signName: '示例商城',
    templates: {
      [TENCENT_TEMPLATES.code]: 2,
      [TENCENT_TEMPLATES.paid]: 2,
      [TENCENT_TEMPLATES.refundResult]: 2,
      [TENCENT_TEMPLATES.shipped]: 3,
      [TENCENT_TEMPLATES.withdrawalResult]: 2,
      [TENCENT_TEMPLATES.instalmentDue]: 3,
    } as Record<string, number>,
    received: [] as TencentSmsMessage[],
    calls: [] as TencentSmsFake['calls'],
    refuseNumber: new Map<string, string>(),
    delayMs: 0,
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const requestId = randomUUID();
    const reply = (response: Record<string, unknown>) => {
      const send = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Response: { ...response, RequestId: requestId } }));
      };
      if (fake.delayMs) setTimeout(send, fake.delayMs).unref();
      else send();
    };
    const fail = (Code: string, Message: string) => {
      fake.calls[fake.calls.length - 1].error = Code;
      reply({ Error: { Code, Message } });
    };
    fake.calls.push({ action: String(req.headers['x-tc-action']), region: String(req.headers['x-tc-region'] ?? '') });
    const refused = checkTc3(
      { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body },
      { service: 'sms', keys: { [fake.secretId]: fake.secretKey }, now: Date.now() },
    );
    if (refused) return fail(refused.Code, refused.Message);
    if (req.headers['x-tc-action'] !== 'SendSms') return fail('InvalidAction', 'The action is not found');
    if (req.headers['x-tc-version'] !== '2021-01-11') return fail('NoSuchVersion', 'The version is not found');
    if (!req.headers['x-tc-region']) return fail('MissingParameter', 'X-TC-Region is required');
    let p: Record<string, unknown>;
    try {
      p = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return fail('InvalidParameter', 'The body is not JSON');
    }
    if (p.SmsSdkAppId !== fake.sdkAppId) return fail('FailedOperation.SmsSdkAppIdVerifyFail', 'SdkAppId verify fail');
    if (p.SignName !== fake.signName)
      return fail('FailedOperation.SignatureIncorrectOrUnapproved', 'signature incorrect or unapproved');
    const count = fake.templates[String(p.TemplateId)];
    if (count === undefined)
      return fail('FailedOperation.TemplateIncorrectOrUnapproved', 'template incorrect or unapproved');
    const params = p.TemplateParamSet as unknown;
    if (!Array.isArray(params) || params.length !== count || params.some((v) => typeof v !== 'string'))
      return fail('FailedOperation.TemplateParamSetNotMatchApprovedTemplate', 'template param set not match');
    const phones = p.PhoneNumberSet as unknown;
    if (!Array.isArray(phones) || phones.length === 0) return fail('MissingParameter', 'PhoneNumberSet is required');
    const SendStatusSet = phones.map((phone: unknown) => {
      const number = String(phone);
      const plain = number.replace(/^\+86/, '');
      const refusal = fake.refuseNumber.get(plain);
      if (refusal) fake.refuseNumber.delete(plain);
      const code = !/^\+861[3-9]\d{9}$/.test(number) ? 'InvalidParameterValue.IncorrectPhoneNumber' : refusal;
      if (!code)
        fake.received.push({ phone: plain, templateId: String(p.TemplateId), params, signName: fake.signName });
      return {
        SerialNo: code ? '' : `2028:${Date.now()}${Math.floor(Math.random() * 1e9)}`,
        PhoneNumber: number,
        Fee: code ? 0 : 1,
        SessionContext: '',
        Code: code ?? 'Ok',
        Message: code ? 'refused' : 'send success',
        IsoCode: 'CN',
      };
    });
    reply({ SendStatusSet });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    base,
    lastCode(phone: string) {
      const hit = [...fake.received]
        .reverse()
        .find((m) => m.phone === phone && m.templateId === TENCENT_TEMPLATES.code);
      if (!hit) throw new Error(`no code sent to ${phone}`);
      return hit.params[0];
    },
    env: () => ({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: fake.secretId,
      TENCENT_SMS_SECRET_KEY: fake.secretKey,
      TENCENT_SMS_SDK_APP_ID: fake.sdkAppId,
      TENCENT_SMS_API_BASE: base,
      SMS_SIGN_NAME: fake.signName,
      SMS_TEMPLATE_CODE: `${TENCENT_TEMPLATES.code}:code,minutes`,
      SMS_TEMPLATE_PAID: `${TENCENT_TEMPLATES.paid}:orderNo,amount`,
      SMS_TEMPLATE_REFUND_RESULT: `${TENCENT_TEMPLATES.refundResult}:orderNo,result`,
      SMS_TEMPLATE_SHIPPED: `${TENCENT_TEMPLATES.shipped}:orderNo,carrier,trackingNo`,
      SMS_TEMPLATE_WITHDRAWAL_RESULT: `${TENCENT_TEMPLATES.withdrawalResult}:amount,result`,
      SMS_TEMPLATE_INSTALMENT_DUE: `${TENCENT_TEMPLATES.instalmentDue}:orderNo,amount,dueDate`,
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
