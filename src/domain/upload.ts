/**
 * Pure rules of image uploads (§3 upload credentials, §5 status 200, §8 texts): object keys under the
 * credentials' dir, when credentials must be asked for again, where the host is, and what the customer is told.
 */
import type { UploadCredentials } from '@contract/upload';

export const UPLOAD_TEXTS = {
  start: (n: number) => `开始上传第${n}张`,
  partial: (ok: number, failed: number) => `成功上传${ok}张, 失败${failed}张`,
  done: '上传成功',
  // §8 has no text for what a pick leaves out; these say what was left and why, so nothing vanishes unexplained.
  notImage: (n: number) => `只能上传图片（JPG、PNG、GIF、WebP），${n}个文件未上传`,
  overLimit: (max: number, n: number) => `最多上传${max}张，多选的${n}张未上传`,
  noticeTitle: '温馨提示',
} as const;

/** §5: the storage host answers 200 for a stored file (success_action_status). */
export const UPLOAD_SUCCESS_STATUS = 200;
/** Credentials are asked for again this long before they expire, so a slow upload does not start on a dead policy. */
export const CREDENTIALS_MARGIN_S = 60;

const EXT_BY_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
const TYPE_BY_EXT: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The image type of a picked file: its declared type when it is an image, else from the name's extension. */
export function imageTypeOf(declared: string | undefined, name: string): string | null {
  const type = (declared || '').toLowerCase();
  if (EXT_BY_TYPE[type]) return type === 'image/jpg' ? 'image/jpeg' : type;
  const ext = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXT[ext] ?? null;
}

/** A fresh object key under `dir`: time plus randomness, the extension of the type, safe characters only. */
export function uploadKey(dir: string, type: string, now: number, random: () => number = Math.random): string {
  const rand = Math.floor(random() * 0xffffffff)
    .toString(36)
    .padStart(7, '0');
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

/**
 * Splits a pick into what goes up and what is left out: files that are not images (with `unreadable`, those the
 * chooser could not open and never handed over), then images beyond the `room` left under `max`. `notice` tells the
 * customer what was left out and why (null when nothing was).
 */
export function screenPick<T>(
  picked: readonly T[],
  room: number,
  max: number,
  isImage: (file: T) => boolean,
  unreadable = 0,
): { accepted: T[]; notice: string | null } {
  const images = picked.filter(isImage);
  const accepted = images.slice(0, Math.max(0, room));
  const notImages = picked.length - images.length + Math.max(0, unreadable);
  const over = images.length - accepted.length;
  const notes = [
    notImages ? UPLOAD_TEXTS.notImage(notImages) : '',
    over ? UPLOAD_TEXTS.overLimit(max, over) : '',
  ].filter(Boolean);
  return { accepted, notice: notes.length ? notes.join('；') : null };
}
