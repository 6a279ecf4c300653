/**
 * Saving the poster to the phone's album in the mini-programs, with the platform's authorisation flow: asked once
 * (authorize); once refused, only the settings page can turn it back on, so the customer is told why and offered it.
 * H5 has no album: the poster is an image the customer long-presses.
 */
import Taro from '@tarojs/taro';
import { QR_TEXTS } from '../../domain/qr';

export const ALBUM_SCOPE = 'scope.writePhotosAlbum';

export const ALBUM_TEXTS = {
  saved: QR_TEXTS.saved,
  denied: QR_TEXTS.denied,
  failed: '保存失败，请长按海报保存',
  openSetting: '去设置',
} as const;

export type AlbumResult = 'saved' | 'denied' | 'failed';

export interface AlbumDeps {
  /** undefined: never asked; false: refused; true: allowed. */
  granted(): Promise<boolean | undefined>;
  authorize(): Promise<void>;
  save(filePath: string): Promise<void>;
  /** Tells why the album is needed; resolves whether the customer chose to open the settings. */
  askSettings(text: string): Promise<boolean>;
  openSettings(): Promise<boolean | undefined>;
}

const isRefusal = (err: unknown) =>
  /auth|deny|denied|permission/i.test(String((err as { errMsg?: string } | null)?.errMsg ?? err));

export async function saveToAlbum(filePath: string, deps: AlbumDeps = albumDeps): Promise<AlbumResult> {
  let granted = await deps.granted().catch(() => undefined);
  if (granted === false) {
    if (!(await deps.askSettings(ALBUM_TEXTS.denied))) return 'denied';
    granted = await deps.openSettings().catch(() => false);
    if (!granted) return 'denied';
  } else if (granted === undefined) {
    try {
      await deps.authorize();
    } catch {
      return 'denied';
    }
  }
  try {
    await deps.save(filePath);
    return 'saved';
  } catch (err) {
    return isRefusal(err) ? 'denied' : 'failed';
  }
}

export const albumDeps: AlbumDeps = {
  granted: async () => (await Taro.getSetting()).authSetting[ALBUM_SCOPE],
  authorize: async () => {
    await Taro.authorize({ scope: ALBUM_SCOPE });
  },
  save: async (filePath) => {
    await Taro.saveImageToPhotosAlbum({ filePath });
  },
  askSettings: async (content) =>
    (await Taro.showModal({ title: '提示', content, confirmText: ALBUM_TEXTS.openSetting })).confirm,
  openSettings: async () => (await Taro.openSetting()).authSetting[ALBUM_SCOPE],
};

/** The toast after a save. */
export function albumResultText(result: AlbumResult): string {
  return ALBUM_TEXTS[result];
}
