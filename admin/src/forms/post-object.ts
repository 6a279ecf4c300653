/**
 * OSS PostObject from the browser (docs/providers.md, Uploads and storage): what a file must be for the policy, a
 * fresh key under the signed directory, and the multipart post with the file last. No React, so unit-tested alone.
 */
import type { UploadCredentials } from '@contract/upload';

export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** Why a file cannot be uploaded with these credentials, or null. */
export function fileProblem(file: { type: string; size: number }, maxBytes: number): string | null {
  if (!IMAGE_TYPES.includes(file.type)) return '只能上传图片（PNG、JPEG、GIF、WEBP）';
  if (file.size === 0) return '文件为空';
  if (file.size > maxBytes) return `文件过大，单张图片不能超过${Math.floor(maxBytes / 1024 / 1024)}MB`;
  return null;
}

/** A fresh key under the credentials' directory: never an existing one (the host refuses to overwrite). */
export function newKey(dir: string, type: string): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `${dir}${Date.now().toString(36)}-${random}.${EXTENSIONS[type] ?? 'img'}`;
}

/** Posts `file` as OSS PostObject; the file's address. */
export async function postObject(credentials: UploadCredentials, file: File): Promise<string> {
  const key = newKey(credentials.dir, file.type);
  const form = new FormData();
  form.append('key', key);
  form.append('policy', credentials.policy);
  form.append('OSSAccessKeyId', credentials.accessId);
  form.append('Signature', credentials.signature);
  form.append('success_action_status', '200');
  form.append('Content-Type', file.type);
  // OSS reads every field before the file: it must come last.
  form.append('file', file);
  let res: Response;
  try {
    res = await fetch(credentials.host, { method: 'POST', body: form });
  } catch {
    throw new Error('网络异常，图片未上传，请重试');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message || `图片上传失败（${res.status}），请重试`);
  }
  return `${credentials.host}/${key}`;
}
