/** How a customer keeps a QR code on each platform (drainage code, customer service's WeChat Work code). */
export type QrPlatform = 'h5' | 'weapp' | 'swan';

export const QR_HINTS: Record<QrPlatform, string> = {
  // A browser cannot write to the photo album: the WeChat browser's long-press menu recognises or saves the image.
  h5: '长按二维码识别或保存图片；在其他浏览器中可点击下方按钮保存',
  weapp: '长按二维码识别，或点击下方按钮保存到相册',
  swan: '长按二维码保存图片，或点击下方按钮保存到相册',
};

export const QR_TEXTS = {
  save: '保存二维码',
  saved: '已保存到相册',
  saveFailed: '保存失败，请长按二维码保存',
  denied: '需要您允许保存到相册，请在设置中开启后重试',
  loadFailed: '二维码生成失败',
} as const;

export function qrHint(platform: string): string {
  return QR_HINTS[(platform in QR_HINTS ? platform : 'h5') as QrPlatform];
}
