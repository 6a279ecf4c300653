/**
 * Object storage for customer images (DESIGN.md §4 providers). Both providers speak the Aliyun OSS PostObject
 * protocol, so the storefront has one upload path: ask /front/oss/sign for a policy, POST the file straight to
 * the host. `local` (the default) is the reference server itself as that host: it checks the policy exactly
 * as OSS would, verifies the bytes are an image, keeps files under DATA_DIR/uploads and serves them back with
 * long cache headers. `oss` signs policies for a real bucket (OSS_HOST, OSS_ACCESS_ID, OSS_ACCESS_SECRET).
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { ERROR_CODES } from '@contract/common';
import type { UploadCredentials } from '@contract/upload';
import type { Config } from '../../config';
import { AppError, badRequest, conflict, notFound } from '../../runtime/http';
import { SERVER_STATIC_DIR } from '../../runtime/static';
import {
  conditionProblem,
  decodePolicy,
  encodePolicy,
  imagePolicy,
  sameSignature,
  signPolicy,
  UPLOAD_MESSAGES,
} from './policy';
import { declaredMatches, IMAGE_TYPES, sniffImage, type ImageKind } from './image-type';
import type { MultipartForm } from './multipart';

/** How long a policy lives: enough for six photos on a slow connection, short enough to be useless later. */
export const POLICY_TTL_MS = 10 * 60 * 1000;
/** Where the local host answers: POST here, files at LOCAL_PREFIX/<key>. */
export const LOCAL_PREFIX = '/storage';
/** The local host's access id (OSS names the account; the local host has one). */
export const LOCAL_ACCESS_ID = 'storefront-local';

/** Keys: letters, digits, . _ - and / between segments; no empty, '.' or '..' segment, no leading slash. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
export function isSafeKey(key: string): boolean {
  return key.length <= 255 && KEY_PATTERN.test(key) && !key.split('/').some((s) => s === '.' || s === '..');
}

/** The directory a customer may write: per project and per user (hashed, so the URL does not name the user). */
export function userDir(projectSn: string, userId: string): string {
  const project = projectSn.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'p';
  const user = createHash('sha256').update(userId).digest('hex').slice(0, 16);
  return `u/${project}/${user}/`;
}

export interface StorageProvider {
  readonly kind: 'local' | 'oss';
  /** Upload credentials for files under `dir`. */
  sign(dir: string): UploadCredentials;
  /**
   * The stored file's key when `url` is a file of this storage under `dir` (what a customer may attach to a
   * feedback or an after-sales request), else null. The local host also checks the file exists.
   */
  keyOfUrl(url: string, dir: string): Promise<string | null>;
  /** The public URL of a key. */
  urlOf(key: string): string;
}

interface SignDeps {
  host: string;
  accessId: string;
  secret: string;
  maxBytes: number;
  now: () => number;
}

function signWith(deps: SignDeps, dir: string): UploadCredentials {
  const expiresAt = new Date(deps.now() + POLICY_TTL_MS);
  const policy = encodePolicy(imagePolicy(dir, deps.maxBytes, expiresAt));
  return {
    dir,
    host: deps.host,
    policy,
    signature: signPolicy(policy, deps.secret),
    accessId: deps.accessId,
    expireSecondsAt: Math.floor(expiresAt.getTime() / 1000),
    maxBytes: deps.maxBytes,
  };
}

export class OssStorage implements StorageProvider {
  readonly kind = 'oss' as const;
  constructor(
    private readonly oss: NonNullable<Config['storage']['oss']>,
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  sign(dir: string): UploadCredentials {
    return signWith(
      {
        host: this.oss.host,
        accessId: this.oss.accessId,
        secret: this.oss.accessSecret,
        maxBytes: this.maxBytes,
        now: this.now,
      },
      dir,
    );
  }

  async keyOfUrl(url: string, dir: string): Promise<string | null> {
    const prefix = `${this.oss.host}/`;
    if (!url.startsWith(prefix)) return null;
    const key = url.slice(prefix.length);
    return isSafeKey(key) && key.startsWith(dir) ? key : null;
  }

  urlOf(key: string): string {
    return `${this.oss.host}/${key}`;
  }
}

export class LocalStorage implements StorageProvider {
  readonly kind = 'local' as const;
  readonly root: string;
  readonly host: string;

  constructor(
    private readonly options: {
      dataDir: string;
      publicBaseUrl?: string;
      secret: string;
      maxBytes: number;
      now?: () => number;
    },
  ) {
    this.root = resolve(options.dataDir, 'uploads');
    this.host = `${options.publicBaseUrl ?? ''}${LOCAL_PREFIX}`;
  }

  get maxBytes(): number {
    return this.options.maxBytes;
  }

  private get now(): () => number {
    return this.options.now ?? Date.now;
  }

  sign(dir: string): UploadCredentials {
    return signWith(
      {
        host: this.host,
        accessId: LOCAL_ACCESS_ID,
        secret: this.options.secret,
        maxBytes: this.options.maxBytes,
        now: this.now,
      },
      dir,
    );
  }

  /** The file's path, refusing any key that could leave the uploads directory. */
  pathOf(key: string): string | null {
    if (!isSafeKey(key)) return null;
    const path = resolve(this.root, key);
    return path.startsWith(this.root + sep) ? path : null;
  }

  async keyOfUrl(url: string, dir: string): Promise<string | null> {
    // Absolute (mini-programs resolve the relative host against their API base) or relative, on this path.
    const match = /^(?:https?:\/\/[^/\s]+)?\/storage\/([^?#\s]+)$/.exec(url);
    if (!match) return null;
    const key = match[1];
    if (!key.startsWith(dir)) return null;
    const path = this.pathOf(key);
    if (!path) return null;
    return (await stat(path).catch(() => null))?.isFile() ? key : null;
  }

  urlOf(key: string): string {
    return `${this.host}/${key}`;
  }

  /**
   * Checks a PostObject form as OSS would (fields, access id, signature, expiry, every policy condition), then
   * what the server adds: a key that stays inside the uploads directory, the size limit, image bytes whose kind
   * matches the declared type. Stores the file; an existing key is never overwritten (files are cached as
   * immutable). Throws an AppError with the reason otherwise.
   */
  async accept(form: MultipartForm): Promise<{ key: string; url: string; kind: ImageKind }> {
    const refuse = (message: string) => new AppError(403, ERROR_CODES.UPLOAD_REFUSED, message);
    for (const name of ['key', 'policy', 'OSSAccessKeyId', 'Signature']) {
      if (!form.fields[name.toLowerCase()]) throw badRequest(UPLOAD_MESSAGES.missingField(name));
    }
    if (!form.file) throw badRequest(UPLOAD_MESSAGES.missingField('file'));
    const { key, policy, ossaccesskeyid: accessId, signature } = form.fields;
    if (accessId !== LOCAL_ACCESS_ID) throw refuse(UPLOAD_MESSAGES.badAccessId);
    if (!sameSignature(signature, signPolicy(policy, this.options.secret))) throw refuse(UPLOAD_MESSAGES.badSignature);
    const doc = decodePolicy(policy);
    if (!doc) throw refuse(UPLOAD_MESSAGES.badPolicy);
    const expiresAt = Date.parse(doc.expiration);
    if (!Number.isFinite(expiresAt) || expiresAt <= this.now()) throw refuse(UPLOAD_MESSAGES.expired);

    const size = form.file.data.length;
    const tooLarge = (max: number) => UPLOAD_MESSAGES.tooLarge(max);
    if (size > this.options.maxBytes)
      throw new AppError(413, ERROR_CODES.BODY_TOO_LARGE, tooLarge(this.options.maxBytes));
    // The Content-Type field is the object's declared type (OSS); a form without one declares the part's type.
    const fields = { ...form.fields, 'content-type': form.fields['content-type'] ?? form.file.contentType };
    const problem = conditionProblem(doc, fields, size, tooLarge);
    if (problem)
      throw problem.tooLarge ? new AppError(413, ERROR_CODES.BODY_TOO_LARGE, problem.message) : refuse(problem.message);

    const path = this.pathOf(key);
    if (!path) throw badRequest(UPLOAD_MESSAGES.badKey);
    // A signed policy always names its dir; a policy without a key condition is not one of ours.
    if (!doc.conditions.some((c) => Array.isArray(c) && c[1] === '$key')) throw refuse(UPLOAD_MESSAGES.badPolicy);

    const kind = sniffImage(form.file.data);
    if (!kind) throw badRequest(UPLOAD_MESSAGES.notImage, ERROR_CODES.UPLOAD_NOT_IMAGE);
    if (!declaredMatches(fields['content-type'], kind))
      throw badRequest(UPLOAD_MESSAGES.typeMismatch, ERROR_CODES.UPLOAD_NOT_IMAGE);

    await mkdir(dirname(path), { recursive: true });
    try {
      await writeFile(path, form.file.data, { flag: 'wx' });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw conflict(UPLOAD_MESSAGES.exists);
      throw err;
    }
    return { key, url: this.urlOf(key), kind };
  }

  /** A stored file and its real type, or null. */
  async read(key: string): Promise<{ data: Buffer; type: string } | null> {
    const path = this.pathOf(key);
    if (!path) return null;
    const data = await readFile(path).catch(() => null);
    if (!data) return null;
    const kind = sniffImage(data);
    return kind ? { data, type: IMAGE_TYPES[kind] } : null;
  }
}

export function createStorageProvider(
  config: Pick<Config, 'storage' | 'dataDir' | 'publicBaseUrl'>,
  now?: () => number,
): StorageProvider {
  if (config.storage.oss) return new OssStorage(config.storage.oss, config.storage.maxBytes, now);
  return new LocalStorage({
    dataDir: config.dataDir,
    publicBaseUrl: config.publicBaseUrl,
    secret: config.storage.secret,
    maxBytes: config.storage.maxBytes,
    now,
  });
}

export const IMAGE_MESSAGES = {
  notOwnImage: '只能转换本站的图片',
  imageNotFound: '图片不存在',
} as const;

const STATIC_IMAGE = /^(?:https?:\/\/[^/\s]+)?\/static\/images\/([A-Za-z0-9_-]{1,64})\.(svg|png)$/;
const STORED_FILE = /^(?:https?:\/\/[^/\s]+)?\/storage\/([^?#\s]+)$/;

/**
 * One of this server's images (/static/images, or a file on the server's own storage host) as a data URL, for
 * drawing in mini-program canvases. Never an outside address: no request forgery.
 */
export async function ownImageDataUrl(storage: StorageProvider, url: string): Promise<string> {
  const staticImage = STATIC_IMAGE.exec(url);
  if (staticImage) {
    const data = await readFile(join(SERVER_STATIC_DIR, 'images', `${staticImage[1]}.${staticImage[2]}`)).catch(
      () => null,
    );
    if (!data) throw notFound(IMAGE_MESSAGES.imageNotFound);
    const type = staticImage[2] === 'svg' ? 'image/svg+xml' : 'image/png';
    return `data:${type};base64,${data.toString('base64')}`;
  }
  const upload = STORED_FILE.exec(url);
  if (!upload || !(storage instanceof LocalStorage)) throw badRequest(IMAGE_MESSAGES.notOwnImage);
  const file = await storage.read(upload[1]);
  if (!file) throw notFound(IMAGE_MESSAGES.imageNotFound);
  const kind = sniffImage(file.data);
  return `data:${kind ? IMAGE_TYPES[kind] : file.type};base64,${file.data.toString('base64')}`;
}
