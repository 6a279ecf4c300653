/** Toasts, loading and modals: the only place pages and the request layer reach Taro's UI APIs. */
import Taro from '@tarojs/taro';
import { MESSAGES, TOAST_MS } from '../domain/errors';

export function toast(title: string, icon: 'none' | 'success' = 'none'): void {
  if (!title) return;
  void Taro.showToast({ title, icon, duration: TOAST_MS });
}

let loadingCount = 0;
export const loading = {
  show(title = '加载中...'): void {
    loadingCount += 1;
    if (loadingCount === 1) void Taro.showLoading({ title, mask: true });
  },
  hide(): void {
    loadingCount = Math.max(0, loadingCount - 1);
    if (loadingCount === 0) void Taro.hideLoading();
  },
};

export async function isOnline(): Promise<boolean> {
  // In a browser Taro's getNetworkType reads navigator.connection, which still names a type ('4g') offline and
  // never says 'none': navigator.onLine is the browser's own answer.
  if (process.env.TARO_ENV === 'h5') return typeof navigator === 'undefined' || navigator.onLine !== false;
  try {
    const res = await Taro.getNetworkType();
    return res.networkType !== 'none';
  } catch {
    return typeof navigator === 'undefined' || navigator.onLine !== false;
  }
}

/** Opens the dialler (customer service); a cancel is not an error. */
export function callPhone(phoneNumber: string): void {
  void Taro.makePhoneCall({ phoneNumber }).catch(() => undefined);
}

export function setPageTitle(title: string): void {
  if (title) void Taro.setNavigationBarTitle({ title }).catch(() => undefined);
}

/** Copies text (a phone number or link) and says so (§8 复制成功). */
export function copyText(data: string): void {
  void Taro.setClipboardData({ data })
    .then(() => toast(MESSAGES.copySuccess, 'success'))
    .catch(() => undefined);
}
