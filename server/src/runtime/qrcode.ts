/**
 * QR images for /api/text2QrCode (drainage code, customer service's WeChat Work contact) and the operators' claim
 * codes (/ops/coupon/claims/:actSn/qr). Encoding is the job of
 * a maintained library (`qrcode`), never a hand-made encoder; it is loaded when first needed so that a server
 * without it still starts and answers every other call, and says plainly what is missing here.
 */
export interface QrEncoder {
  /** A PNG data URL of `text`. */
  toDataUrl(text: string): Promise<string>;
}

export const QR_MESSAGES = { unavailable: '二维码服务暂不可用（服务器未安装 qrcode 组件）' } as const;

/** The options every QR image of the storefront uses: medium error correction, a quiet zone, 360 px. */
export const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, width: 360, type: 'image/png' } as const;

type QrModule = { toDataURL(text: string, options: typeof QR_OPTIONS): Promise<string> };

/** The `qrcode` package's encoder, or null when the package is not installed. */
export async function loadQrEncoder(): Promise<QrEncoder | null> {
  const name = 'qrcode';
  try {
    const mod = (await import(name)) as QrModule & { default?: QrModule };
    const lib = typeof mod.toDataURL === 'function' ? mod : mod.default;
    if (!lib || typeof lib.toDataURL !== 'function') return null;
    return { toDataUrl: (text) => lib.toDataURL(text, QR_OPTIONS) };
  } catch {
    return null;
  }
}
