/**
 * Pictures the console saves on catalogue items and page modules. An uploaded picture (an address of the storage
 * provider) must be a file stored for that project, under its catalogue directory: a console cannot point an item
 * at another project's upload, a customer's upload or a file that was never stored. Addresses the contract also
 * allows (this site's /static pictures, https links typed by hand) are not uploads and pass.
 */
import type { StorageProvider } from '../upload/service';
import { badRequest } from '../../runtime/http';

export const IMAGE_MESSAGES = {
  notProjectUpload: '图片须为本项目上传的图片，请重新上传',
} as const;

/** Where a project's catalogue and page pictures go in the storage provider. */
export const catalogueDir = (projectSn: string) =>
  `c/${projectSn.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'p'}/`;

/** An address on the storage host: the local host's /storage path, or the bucket's URL. */
function isStorageAddress(storage: StorageProvider, url: string): boolean {
  if (/^(?:https?:\/\/[^/\s]+)?\/storage\//.test(url)) return true;
  const host = storage.urlOf('');
  return url.startsWith(host);
}

/** Refuses (400) when one of `urls` is an upload that is not a stored file of the project's directory. */
export async function requireProjectImages(
  storage: StorageProvider,
  projectSn: string,
  urls: ReadonlyArray<string | null | undefined>,
): Promise<void> {
  for (const url of urls) {
    if (!url || !isStorageAddress(storage, url)) continue;
    if (!(await storage.keyOfUrl(url, catalogueDir(projectSn)))) throw badRequest(IMAGE_MESSAGES.notProjectUpload);
  }
}
