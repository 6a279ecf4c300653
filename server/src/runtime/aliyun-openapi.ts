/**
 * Calls one action of an Aliyun RPC-style OpenAPI (dysmsapi and the like) with signature V3 (ACS3-HMAC-SHA256,
 * runtime/acs3-signature.ts): POST to `/` with the parameters in the query and an empty body. A gateway refusal
 * (HTTP 4xx/5xx with {Code, Message, RequestId}: bad signature, unknown key, throttling) is thrown as an answered
 * VendorError; a 200 answer is the caller's to read (its own Code says whether the action was done).
 */
import { randomBytes } from 'node:crypto';
import { acs3Query, acs3Sign, sha256Hex } from './acs3-signature';
import { VendorError, postJson } from './vendor-call';

export interface AliyunCall {
  /** The product's code (`dysmsapi`), for the logs. */
  product: string;
  /** https://dysmsapi.aliyuncs.com, or a local fake. */
  apiBase: string;
  action: string;
  version: string;
  accessKeyId: string;
  accessKeySecret: string;
  timeoutMs: number;
  now?: () => number;
}

export async function callAliyun(call: AliyunCall, query: Record<string, string>): Promise<Record<string, unknown>> {
  const vendor = `aliyun.${call.product}`;
  const headers: Record<string, string> = {
    host: new URL(call.apiBase).host,
    'x-acs-action': call.action,
    'x-acs-version': call.version,
    'x-acs-date': new Date((call.now ?? Date.now)()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    'x-acs-signature-nonce': randomBytes(16).toString('hex'),
    'x-acs-content-sha256': sha256Hex(''),
  };
  const { authorization } = acs3Sign({ method: 'POST', path: '/', query, headers, ...call });
  const { host: _host, ...sent } = headers;
  const { status, body } = await postJson(vendor, `${call.apiBase}/?${acs3Query(query)}`, {
    // No body, so no content-type: fetch would add text/plain for an empty string, unsigned.
    headers: { ...sent, Authorization: authorization },
    timeoutMs: call.timeoutMs,
  });
  const answer = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const requestId = typeof answer.RequestId === 'string' ? answer.RequestId : undefined;
  // A 5xx may have come after the action was taken: its outcome is unknown.
  if (status !== 200)
    throw new VendorError(
      vendor,
      String(answer.Code ?? `HTTP_${status}`),
      String(answer.Message ?? ''),
      status < 500,
      requestId,
    );
  return answer;
}
