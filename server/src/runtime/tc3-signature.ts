/**
 * Tencent Cloud API 3.0 request signature, TC3-HMAC-SHA256, as Tencent's 签名方法 v3 page defines it: a POST of a
 * JSON body, signing the content-type and host headers. Shared by every Tencent Cloud adapter (SMS, faceid).
 */
import { createHash, createHmac } from 'node:crypto';

export const TC3_ALGORITHM = 'TC3-HMAC-SHA256';
export const TC3_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  /** The product's service name, the first label of its host: `sms`, `faceid`. */
  service: string;
  /** The Host header as sent (with the port when it is not the default). */
  host: string;
  /** Unix seconds; the credential's date is its UTC day. */
  timestamp: number;
  /** The exact JSON body sent. */
  payload: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

export function tc3Sign(input: Tc3Input): {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  authorization: string;
} {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${TC3_CONTENT_TYPE}\nhost:${input.host.toLowerCase()}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = [TC3_ALGORITHM, String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  const authorization = `${TC3_ALGORITHM} Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { canonicalRequest, stringToSign, signature, authorization };
}
