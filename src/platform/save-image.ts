/**
 * Saves a data-URL image (a QR code) where the platform allows: mini-programs write it to a temporary file and
 * ask to save it to the photo album (the permission may be refused); H5 offers it as a download (a browser has
 * no album; in the WeChat browser the long-press menu is the way, which the hint says).
 */
import Taro from '@tarojs/taro';
import { QR_TEXTS } from '../domain/qr';

export async function saveDataUrlImage(dataUrl: string, name: string): Promise<string> {
  const base64 = dataUrl.replace(/^data:image\/\w+;base64,/, '');
  if (process.env.TARO_ENV === 'h5') {
    const link = document.createElement('a');
    link.href = dataUrl;
    link.download = `${name}.png`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    return '';
  }
  try {
    const fs = Taro.getFileSystemManager();
    const path = `${Taro.env.USER_DATA_PATH}/${name}-${Date.now()}.png`;
    await new Promise<void>((resolve, reject) =>
      fs.writeFile({ filePath: path, data: base64, encoding: 'base64', success: () => resolve(), fail: reject }),
    );
    await Taro.saveImageToPhotosAlbum({ filePath: path });
    return QR_TEXTS.saved;
  } catch (err) {
    const msg = String((err as { errMsg?: string })?.errMsg || '');
    return /auth|deny|denied|permission/i.test(msg) ? QR_TEXTS.denied : QR_TEXTS.saveFailed;
  }
}
