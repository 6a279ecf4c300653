/** Multipart PostObject forms and tiny real images for the upload tests (the browser builds the same form). */
import type { UploadCredentials } from '@contract/upload';

/** A real 1x1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** The first bytes of a JPEG (SOI + APP0 JFIF) padded: enough for the magic-number check. */
export const JPEG_HEAD = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]),
  Buffer.alloc(64, 1),
]);

export interface FormFile {
  data: Buffer;
  filename?: string;
  contentType?: string;
}

export const BOUNDARY = '----sfTestBoundary7MA4YWxkTrZu0gW';

export function multipart(fields: Record<string, string>, file: FormFile | null, boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename ?? 'a.png'}"\r\nContent-Type: ${file.contentType ?? 'image/png'}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The PostObject fields the storefront sends for `key` with these credentials. */
export function postFields(cred: UploadCredentials, key: string, contentType = 'image/png'): Record<string, string> {
  return {
    key,
    policy: cred.policy,
    OSSAccessKeyId: cred.accessId,
    Signature: cred.signature,
    success_action_status: '200',
    'Content-Type': contentType,
  };
}
