/**
 * Uploads N images one after another (§8): 开始上传第N张 while each goes up, then 上传成功 or 成功上传N张, 失败M张.
 * Credentials come from /front/oss/sign and are reused until shortly before they expire. No MobX: the image
 * picker and any page (feedback, after-sales evidence) call it with its dependencies.
 */
import type { UploadCredentials } from '@contract/upload';
import {
  credentialsUsable,
  imageTypeOf,
  postFields,
  resolveHost,
  summaryText,
  uploadKey,
  UPLOAD_SUCCESS_STATUS,
  UPLOAD_TEXTS,
} from '../../domain/upload';
import type { PickedImage, PostObject } from './types';

export interface UploaderDeps {
  credentials(): Promise<UploadCredentials>;
  post: PostObject;
  /** The API base the relative host belongs to (the user service base). */
  apiBase: string;
  now(): number;
  random?: () => number;
  /** Progress and outcome texts (loading while uploading, a toast at the end). */
  progress(text: string): void;
  done(text: string): void;
}

export interface UploadOutcome {
  /** Public URLs of the stored images, in the order given; null where that image failed. */
  urls: Array<string | null>;
  ok: number;
  failed: number;
}

export function createUploader(deps: UploaderDeps) {
  let cached: UploadCredentials | null = null;

  async function credentials(): Promise<UploadCredentials> {
    if (!credentialsUsable(cached, deps.now())) cached = await deps.credentials();
    return cached;
  }

  async function uploadOne(image: PickedImage): Promise<string | null> {
    const type = imageTypeOf(image.type ?? image.file?.type, image.file?.name ?? image.path);
    if (!type) return null;
    const cred = await credentials();
    const host = resolveHost(cred.host, deps.apiBase);
    const key = uploadKey(cred.dir, type, deps.now(), deps.random);
    const status = await deps.post(host, postFields(cred, key, type), image);
    return status === UPLOAD_SUCCESS_STATUS ? `${host}/${key}` : null;
  }

  return async function upload(images: PickedImage[]): Promise<UploadOutcome> {
    const urls: Array<string | null> = [];
    for (let i = 0; i < images.length; i++) {
      deps.progress(UPLOAD_TEXTS.start(i + 1));
      urls.push(await uploadOne(images[i]).catch(() => null));
    }
    const ok = urls.filter(Boolean).length;
    const failed = urls.length - ok;
    if (urls.length) deps.done(summaryText(ok, failed));
    return { urls, ok, failed };
  };
}
