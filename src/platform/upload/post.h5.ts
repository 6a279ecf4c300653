/**
 * H5: the PostObject form as multipart FormData straight to the storage host (fields first, the file last, as
 * OSS requires). fetch follows no redirects into other origins' cookies: credentials are omitted.
 */
import type { PickedImage, PostObject } from './types';

async function blobOf(image: PickedImage): Promise<Blob> {
  if (image.file) return image.file;
  // A blob: URL from chooseImage when the File itself was not handed over.
  const res = await fetch(image.path);
  return res.blob();
}

export const postObject: PostObject = async (host, fields, image) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const blob = await blobOf(image);
  form.append('file', blob, fields.key.split('/').pop() || 'image');
  const res = await fetch(host, { method: 'POST', body: form, credentials: 'omit' });
  return res.status;
};
