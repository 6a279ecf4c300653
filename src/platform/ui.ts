/** Toasts, loading and modals: the only place pages and the request layer reach Taro's UI APIs. */
import Taro from '@tarojs/taro';
import { TOAST_MS } from '../domain/errors';

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
  try {
    const res = await Taro.getNetworkType();
    return res.networkType !== 'none';
  } catch {
    return typeof navigator === 'undefined' || navigator.onLine !== false;
  }
}
