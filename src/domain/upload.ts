/**
 * Pure rules of image uploads (§3 upload credentials, §5 status 200, §8 texts): object keys under the
 * credentials' dir, when credentials must be asked for again, where the host is, and what the customer is told.
 */
import type { UploadCredentials } from '@contract/upload';

export const UPLOAD_TEXTS = {
  start: (n: number) => `开始上传第${n}张`,
  partial: (ok: number, failed: number) => `成功上传${ok}张, 失败${failed}张`,
  done: '上传成功',
  notImage: '只能上传图片',
} as const;

/** §5: the storage host answers 200 for a stored file (success_action_status). */
export const UPLOAD_SUCCESS_STATUS = 200;
/** Credentials are asked for again this long before they expire, so a slow upload does not start on a dead policy. */
export const CREDENTIALS_MARGIN_S = 60;

const EXT_BY_TYPE: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/jpg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };
const TYPE_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** The image type of a picked file: its declared type when it is an image, else from the name's extension. */
export function imageTypeOf(declared: string | undefined, name: string): string | null {
  const type = (declared || '').toLowerCase();
  if (EXT_BY_TYPE[type]) return type === 'image/jpg' ? 'image/jpeg' : type;
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXT[ext] ?? null;
}

/** A fresh object key under `dir`: time plus randomness, the extension of the type, safe characters only. */
export function uploadKey(dir: string, type: string, now: number, random: () => number = Math.random): string {
  const rand = Math.floor(random() * 0xffffffff).toString(36).padStart(7, '0');
  return `${dir}${now.toString(36)}${rand}.${EXT_BY_TYPE[type] ?? 'png'}`;
}

export function credentialsUsable(cred: UploadCredentials | null, nowMs: number): cred is UploadCredentials {
  return !!cred && cred.expireSecondsAt - CREDENTIALS_MARGIN_S > nowMs / 1000;
}

/** A relative host ('/storage') is on the API's origin: mini-programs and a separate API base need it absolute. */
export function resolveHost(host: string, apiBase: string): string {
  if (/^https?:\/\//i.test(host)) return host.replace(/\/+$/, '');
  const origin = /^(https?:\/\/[^/]+)/i.exec(apiBase)?.[1] ?? '';
  return `${origin}${host.startsWith('/') ? host : `/${host}`}`.replace(/\/+$/, '');
}

/** The PostObject form fields for one file (§7: policy, signature, key, access id; success status 200). */
export function postFields(cred: UploadCredentials, key: string, type: string): Record<string, string> {
  return {
    key,
    policy: cred.policy,
    OSSAccessKeyId: cred.accessId,
    Signature: cred.signature,
    success_action_status: String(UPLOAD_SUCCESS_STATUS),
    'Content-Type': type,
  };
}

/** What the customer is told after a batch: 上传成功 when all went up, else how many did and did not. */
export function summaryText(ok: number, failed: number): string {
  return failed === 0 ? UPLOAD_TEXTS.done : UPLOAD_TEXTS.partial(ok, failed);
}
