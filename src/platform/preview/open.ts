/**
 * Full-screen image viewer (review pictures, introductions, detail pictures): Taro's previewImage, on every target.
 * Callers import `platform/preview` (index.*.ts), never this file: on H5 it is loaded on the first tap.
 */
import Taro from '@tarojs/taro';

export function previewImages(urls: string[], current?: string): void {
  if (!urls.length) return;
  void Taro.previewImage({ urls, current: current || urls[0] }).catch(() => undefined);
}
