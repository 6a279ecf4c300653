/**
 * A local fake of Tencent Cloud faceid 身份信息认证 over real HTTP (faceid.tencentcloudapi.com, IdCardVerification,
 * API 2018-03-01), speaking the published shapes: POST / with X-TC-Action and X-TC-Version and a TC3-HMAC-SHA256
 * Authorization checked as the gateway does (tc3-check.ts); body {IdCard, Name}. Answers
 * {Response: {Result, Description, Name, IdCard, RequestId}} with the published result codes: 0 一致, -1 不一致,
 * -2 / -3 非法身份证号 / 非法姓名, -4 证件库服务异常, -5 无此身份证记录, -6 升级中, -7 超过当日限制; a gateway or
 * request error is {Response: {Error: {Code, Message}, RequestId}}, HTTP 200.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkTc3 } from './tc3-check';

const DESCRIPTIONS: Record<string, string> = {
  '0': '姓名和身份证号一致',
  '-1': '姓名和身份证号不一致',
  '-2': '非法身份证号（长度、校验位等不正确）',
  '-3': '非法姓名（长度、格式等不正确）',
  '-4': '证件库服务异常',
  '-5': '证件库中无此身份证记录',
  '-6': '权威比对系统升级中，请稍后再试',
  '-7': '认证次数超过当日限制',
};

export interface TencentFaceidFake {
  base: string;
  secretId: string;
  secretKey: string;
  /** The authoritative record: ID number -> name. */
  people: Map<string, string>;
  /** Answer the next call with this Result instead of looking the person up (e.g. -4, -7). */
  nextResult?: string;
  delayMs: number;
  /** Every call, with what it was answered. */
  calls: Array<{ idCard: string; name: string; answer: string }>;
  env(): Record<string, string>;
  stop(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startTencentFaceidFake(): Promise<TencentFaceidFake> {
  const fake = {
    secretId: 'AKIDfakeFaceidSecretId00000000000000',
    secretKey: 'fakeFaceidSecretKey0000000000000',
    people: new Map<string, string>(),
    nextResult: undefined as string | undefined,
    delayMs: 0,
    calls: [] as TencentFaceidFake['calls'],
  };
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const reply = (response: Record<string, unknown>) => {
      const send = () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Response: { ...response, RequestId: randomUUID() } }));
      };
      if (fake.delayMs) setTimeout(send, fake.delayMs).unref();
      else send();
    };
    const refused = checkTc3(
      { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body },
      { service: 'faceid', keys: { [fake.secretId]: fake.secretKey }, now: Date.now() },
    );
    let p: { IdCard?: unknown; Name?: unknown } = {};
    try {
      p = JSON.parse(body) as typeof p;
    } catch {
      /* refused below */
    }
    const call = { idCard: String(p.IdCard ?? ''), name: String(p.Name ?? ''), answer: '' };
    fake.calls.push(call);
    const fail = (Code: string, Message: string) => {
      call.answer = Code;
      reply({ Error: { Code, Message } });
    };
    if (refused) return fail(refused.Code, refused.Message);
    if (req.headers['x-tc-action'] !== 'IdCardVerification') return fail('InvalidAction', 'The action is not found');
    if (req.headers['x-tc-version'] !== '2018-03-01') return fail('NoSuchVersion', 'The version is not found');
    if (typeof p.IdCard !== 'string' || typeof p.Name !== 'string')
      return fail('InvalidParameter', 'IdCard and Name are required');
    let result: string;
    if (fake.nextResult !== undefined) {
      result = fake.nextResult;
      fake.nextResult = undefined;
    } else if (!/^\d{17}[\dX]$/.test(p.IdCard)) result = '-2';
    else if (!/^[\u4e00-\u9fa5·]{2,20}$/.test(p.Name)) result = '-3';
    else if (!fake.people.has(p.IdCard)) result = '-5';
    else result = fake.people.get(p.IdCard) === p.Name ? '0' : '-1';
    call.answer = result;
    reply({ Result: result, Description: DESCRIPTIONS[result], Name: p.Name, IdCard: p.IdCard });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    base,
    env: () => ({
      IDENTITY_PROVIDER: 'tencent',
      TENCENT_FACEID_SECRET_ID: fake.secretId,
      TENCENT_FACEID_SECRET_KEY: fake.secretKey,
      TENCENT_FACEID_API_BASE: base,
    }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
