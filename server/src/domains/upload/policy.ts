/**
 * The Aliyun OSS PostObject policy (the protocol both storage providers speak): a base64 JSON document with
 * `expiration` and `conditions`, signed as base64(HMAC-SHA1(secret, policyBase64)). Building and checking it
 * are pure functions here so the server's own host checks exactly what OSS would.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type PolicyCondition =
  ['content-length-range', number, number] | ['starts-with' | 'eq', string, string] | Record<string, string>;

export interface PolicyDocument {
  expiration: string;
  conditions: PolicyCondition[];
}

export const UPLOAD_MESSAGES = {
  missingField: (name: string) => `上传参数缺失：${name}`,
  badPolicy: '上传凭证格式错误',
  badAccessId: '上传凭证无效',
  badSignature: '上传签名错误',
  expired: '上传凭证已过期，请重新获取',
  outsideDir: '文件路径不在授权目录内',
  badKey: '文件路径不合法',
  tooLarge: (maxBytes: number) => `文件过大，单张图片不能超过${Math.floor(maxBytes / 1024 / 1024)}MB`,
  tooSmall: '文件为空',
  badContentType: '文件类型不符合上传凭证，只能上传图片',
  notImage: '只能上传图片（PNG、JPEG、GIF、WEBP）',
  typeMismatch: '图片内容与声明的类型不一致',
  condition: (name: string) => `上传参数不符合上传凭证：${name}`,
  exists: '文件已存在，请更换文件名',
  notHost: '本服务器未作为存储主机（已配置阿里云 OSS）',
  notMultipart: '请以 multipart/form-data 上传文件',
} as const;

export function encodePolicy(doc: PolicyDocument): string {
  return Buffer.from(JSON.stringify(doc), 'utf8').toString('base64');
}

export function signPolicy(policyBase64: string, secret: string): string {
  return createHmac('sha1', secret).update(policyBase64, 'utf8').digest('base64');
}

/** The policy a customer gets: files under `dir`, at most `maxBytes`, declared as an image, until `expiresAt`. */
export function imagePolicy(dir: string, maxBytes: number, expiresAt: Date): PolicyDocument {
  return {
    expiration: expiresAt.toISOString(),
    conditions: [
      ['content-length-range', 1, maxBytes],
      ['starts-with', '$key', dir],
      ['starts-with', '$Content-Type', 'image/'],
    ],
  };
}

export function sameSignature(a: string, b: string): boolean {
  const ha = createHmac('sha256', 'cmp').update(a).digest();
  const hb = createHmac('sha256', 'cmp').update(b).digest();
  return timingSafeEqual(ha, hb);
}

/** The decoded policy, or null when it is not base64 JSON of the expected shape. */
export function decodePolicy(policyBase64: string): PolicyDocument | null {
  if (!/^[A-Za-z0-9+/=]{1,8192}$/.test(policyBase64)) return null;
  try {
    const doc = JSON.parse(Buffer.from(policyBase64, 'base64').toString('utf8')) as unknown;
    if (!doc || typeof doc !== 'object') return null;
    const { expiration, conditions } = doc as Record<string, unknown>;
    if (typeof expiration !== 'string' || !Array.isArray(conditions)) return null;
    return { expiration, conditions: conditions as PolicyCondition[] };
  } catch {
    return null;
  }
}

/**
 * The first condition of the policy that the posted form breaks, as a message, or null. `fields` are the form
 * fields by lower-case name (OSS compares names case-insensitively); `size` is the file's byte count.
 */
export function conditionProblem(
  doc: PolicyDocument,
  fields: Record<string, string>,
  size: number,
  maxBytesMessage: (max: number) => string,
): { message: string; tooLarge?: boolean } | null {
  const fail = (message: string, tooLarge = false) => ({ message, tooLarge });
  const field = (name: string) => fields[name.replace(/^\$/, '').toLowerCase()];
  for (const condition of doc.conditions) {
    if (Array.isArray(condition)) {
      const [op, a, b] = condition as unknown[];
      if (op === 'content-length-range') {
        if (typeof a !== 'number' || typeof b !== 'number') return fail(UPLOAD_MESSAGES.badPolicy);
        if (size > b) return fail(maxBytesMessage(b), true);
        if (size < a) return fail(UPLOAD_MESSAGES.tooSmall);
        continue;
      }
      if ((op !== 'eq' && op !== 'starts-with') || typeof a !== 'string' || typeof b !== 'string')
        return fail(UPLOAD_MESSAGES.badPolicy);
      const value = field(a);
      const name = a.replace(/^\$/, '');
      const okValue = value !== undefined && (op === 'eq' ? value === b : value.startsWith(b));
      if (okValue) continue;
      if (name.toLowerCase() === 'key') return fail(UPLOAD_MESSAGES.outsideDir);
      if (name.toLowerCase() === 'content-type') return fail(UPLOAD_MESSAGES.badContentType);
      return fail(UPLOAD_MESSAGES.condition(name));
    }
    if (!condition || typeof condition !== 'object') return fail(UPLOAD_MESSAGES.badPolicy);
    for (const [name, expected] of Object.entries(condition)) {
      // bucket is the host's own name: a single-bucket host has nothing to compare.
      if (name.toLowerCase() === 'bucket') continue;
      if (field(name) !== expected) return fail(UPLOAD_MESSAGES.condition(name));
    }
  }
  return null;
}
