/**
 * Aliyun OpenAPI request signature V3, ACS3-HMAC-SHA256, as Aliyun's "V3版本请求体&签名机制" page defines it: the
 * method, the path, the RFC 3986 query sorted by name, the host, content-type and x-acs-* headers (lower-case,
 * sorted, values trimmed) and the SHA-256 of the body, hashed and signed with the AccessKey secret.
 */
import { createHash, createHmac } from 'node:crypto';

export const ACS3_ALGORITHM = 'ACS3-HMAC-SHA256';

/** RFC 3986 percent-encoding: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The canonical query string, which is also the query the request is sent with. */
export const acs3Query = (query: Record<string, string>) =>
  Object.keys(query)
    .sort()
    .map((k) => `${rfc3986(k)}=${rfc3986(query[k])}`)
    .join('&');

export const sha256Hex = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');

export interface Acs3Input {
  method: string;
  /** The path ('/' for RPC-style APIs such as dysmsapi). */
  path: string;
  query: Record<string, string>;
  /** Every header sent; host, content-type and x-acs-* are signed (x-acs-content-sha256 among them). */
  headers: Record<string, string>;
  accessKeyId: string;
  accessKeySecret: string;
}

export function acs3Sign(input: Acs3Input): { canonicalRequest: string; signature: string; authorization: string } {
  const signed = Object.entries(input.headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim()] as const)
    .filter(([name]) => name === 'host' || name === 'content-type' || name.startsWith('x-acs-'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signedHeaders = signed.map(([name]) => name).join(';');
  const payloadHash = signed.find(([name]) => name === 'x-acs-content-sha256')?.[1] ?? sha256Hex('');
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.path.split('/').map(rfc3986).join('/'),
    acs3Query(input.query),
    signed.map(([name, value]) => `${name}:${value}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const stringToSign = `${ACS3_ALGORITHM}\n${sha256Hex(canonicalRequest)}`;
  const signature = createHmac('sha256', input.accessKeySecret).update(stringToSign, 'utf8').digest('hex');
  return {
    canonicalRequest,
    signature,
    authorization: `${ACS3_ALGORITHM} Credential=${input.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`,
  };
}
