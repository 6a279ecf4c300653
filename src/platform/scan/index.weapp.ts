/** WeChat mini-program: Taro.scanCode (wx.scanCode); a cancel is not an error. */
import Taro from '@tarojs/taro';
import type { Scanner } from './types';

export * from './types';

export function createMiniScanner(scanCode: typeof Taro.scanCode = Taro.scanCode): Scanner {
  return {
    available: true,
    async scan() {
      try {
        const res = await scanCode({ onlyFromCamera: false });
        return res.result || null;
      } catch {
        return null;
      }
    },
  };
}

export const scanner: Scanner = createMiniScanner();
