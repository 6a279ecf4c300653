/**
 * ACS3-HMAC-SHA256 as Aliyun's API gateway checks it, written from the "V3版本请求体&签名机制" page (not imported from
 * src/): the Authorization header, x-acs-content-sha256 against the body, x-acs-date within 15 minutes, a nonce used
 * once, and the signature recomputed over the request as received. Answers null, or the gateway's {Code, Message}.
 */
import { createHash, createHmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/** Aliyun's own example of the page (RunInstances, ECS), to check this checker before trusting it. */
export const ALIYUN_PUBLISHED_EXAMPLE = {
  accessKeyId: 'YourAccessKeyId',
  accessKeySecret: 'YourAccessKeySecret',
  url: '/?ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai',
  headers: {
    host: 'ecs.cn-shanghai.aliyuncs.com',
    'x-acs-action': 'RunInstances',
    'x-acs-version': '2014-05-26',
    'x-acs-date': '2023-10-26T10:22:32Z',
    'x-acs-signature-nonce': '3156853299f313e23d1673dc12e1703d',
    'x-acs-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    authorization:
      'ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=host;x-acs-action;x-acs-content-sha256;x-acs-date;' +
      'x-acs-signature-nonce;x-acs-version,Signature=06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0',
  },
};

export interface Acs3Failure {
  status: number;
  Code: string;
  Message: string;
}

export function checkAcs3(
  req: { method: string; url: string; headers: IncomingHttpHeaders; body: string },
  expect: { keys: Record<string, string>; now: number; nonces: Set<string> },
): Acs3Failure | null {
  const h = (n: string) => (req.headers[n] === undefined ? undefined : String(req.headers[n]));
  const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/.exec(
    h('authorization') ?? '',
  );
  if (!m)
    return {
      status: 400,
      Code: 'IncompleteSignature',
      Message: 'The request signature does not conform to Aliyun standards.',
    };
  const [, keyId, signedHeaders, signature] = m;
  const secret = expect.keys[keyId];
  if (!secret)
    return { status: 404, Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' };
  for (const n of ['x-acs-action', 'x-acs-version', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-content-sha256'])
    if (!h(n)) return { status: 400, Code: 'MissingParameter', Message: `${n} is mandatory for this action.` };
  if (h('x-acs-content-sha256') !== hex(req.body))
    return { status: 400, Code: 'ContentSHA256NotMatch', Message: 'x-acs-content-sha256 does not match the body.' };
  const date = Date.parse(h('x-acs-date') as string);
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(h('x-acs-date') as string) || Math.abs(expect.now - date) > 15 * 60_000)
    return { status: 400, Code: 'InvalidTimeStamp.Expired', Message: 'Specified time stamp or date value is expired.' };
  // Every header the page names must be signed: host, content-type when sent, and each x-acs-*.
  const names = signedHeaders.split(';');
  const mustSign = Object.keys(req.headers).filter(
    (n) => n === 'host' || n === 'content-type' || n.startsWith('x-acs-'),
  );
  if (mustSign.some((n) => !names.includes(n)) || names.some((n) => h(n) === undefined))
    return { status: 400, Code: 'IncompleteSignature', Message: 'The signed headers do not match the request.' };
  const [path, query = ''] = req.url.split('?');
  const pairs = query
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=').map((x) => decodeURIComponent(x ?? '')) as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = [
    req.method,
    path,
    pairs.map(([k, v]) => `${enc(k)}=${enc(v ?? '')}`).join('&'),
    names.map((n) => `${n}:${(h(n) as string).trim()}\n`).join(''),
    signedHeaders,
    h('x-acs-content-sha256'),
  ].join('\n');
  const expected = createHmac('sha256', secret)
    .update(`ACS3-HMAC-SHA256\n${hex(canonical)}`)
    .digest('hex');
  if (expected !== signature)
    return {
      status: 400,
      Code: 'SignatureDoesNotMatch',
      Message: 'Specified signature does not match our calculation.',
    };
  const nonce = h('x-acs-signature-nonce') as string;
  if (expect.nonces.has(nonce))
    return { status: 400, Code: 'SignatureNonceUsed', Message: 'Specified signature nonce was used already.' };
  expect.nonces.add(nonce);
  return null;
}
