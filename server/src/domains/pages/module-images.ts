/**
 * A module's pictures, checked before it is saved: an upload must be a file stored for the page's project (the
 * catalogue's rule, domains/activity/ops-images.ts); /static pictures and https links pass.
 */
import type { StorageProvider } from '../upload/service';
import { requireProjectImages } from '../activity/ops-images';

export function requireModuleImages(
  storage: StorageProvider,
  projectSn: string | null,
  body: { items?: ReadonlyArray<{ image?: string | null }> },
): Promise<void> {
  // No project: the page or module does not exist, and the service answers its own 404.
  if (!projectSn) return Promise.resolve();
  return requireProjectImages(
    storage,
    projectSn,
    (body.items ?? []).map((i) => i.image),
  );
}
