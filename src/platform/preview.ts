/**
 * Full-screen image viewer (review pictures, introductions). Apart from platform/ui.ts, which the app entry loads:
 * on H5 Taro's previewImage brings the swiper library, and only the pages that show pictures should load it
 * (issue 17: the first screen's JS).
 */
import Taro from '@tarojs/taro';

export function previewImages(urls: string[], current?: string): void {
  if (!urls.length) return;
  void Taro.previewImage({ urls, current: current || urls[0] }).catch(() => undefined);
}
