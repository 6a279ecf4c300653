/**
 * Calls one action of a Tencent Cloud API 3.0 product (POST JSON, TC3-HMAC-SHA256, runtime/tc3-signature.ts). The
 * answer is `{Response: {..., RequestId}}`; `Response.Error` ({Code, Message}) is thrown as an answered VendorError.
 */
import { TC3_CONTENT_TYPE, tc3Sign } from './tc3-signature';
import { VendorError, postJson } from './vendor-call';

export interface TencentCloudCall {
  /** https://<service>.tencentcloudapi.com, or a local fake. */
  apiBase: string;
  service: string;
  action: string;
  version: string;
  /** Only for the products whose actions take one (SMS does; faceid does not). */
  region?: string;
  secretId: string;
  secretKey: string;
  timeoutMs: number;
  now?: () => number;
}

export async function callTencentCloud(
  call: TencentCloudCall,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const vendor = `tencentcloud.${call.service}`;
  const payload = JSON.stringify(params);
  const timestamp = Math.floor((call.now ?? Date.now)() / 1000);
  const host = new URL(call.apiBase).host;
  const { authorization } = tc3Sign({ ...call, host, timestamp, payload });
  const headers: Record<string, string> = {
    Authorization: authorization,
    'Content-Type': TC3_CONTENT_TYPE,
    'X-TC-Action': call.action,
    'X-TC-Timestamp': String(timestamp),
    'X-TC-Version': call.version,
  };
  if (call.region) headers['X-TC-Region'] = call.region;
  const { status, body } = await postJson(vendor, `${call.apiBase}/`, {
    headers,
    body: payload,
    timeoutMs: call.timeoutMs,
  });
  const answer = (body as { Response?: Record<string, unknown> } | null)?.Response;
  if (!answer || typeof answer !== 'object')
    throw new VendorError(vendor, 'BAD_ANSWER', `HTTP ${status} without Response`, false);
  const requestId = typeof answer.RequestId === 'string' ? answer.RequestId : undefined;
  const error = answer.Error as { Code?: unknown; Message?: unknown } | undefined;
  if (error) throw new VendorError(vendor, String(error.Code), String(error.Message ?? ''), true, requestId);
  return answer;
}
