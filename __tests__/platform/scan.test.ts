/** The 扫一扫 entry per platform: mini-programs read a code with Taro.scanCode; H5 has no entry. */
import type Taro from '@tarojs/taro';
import { claimFromScan } from '../../src/domain/coupons';
import { scanner as h5Scanner } from '../../src/platform/scan/index.h5';
import { createMiniScanner } from '../../src/platform/scan/index.weapp';

type ScanCode = typeof Taro.scanCode;

describe('scan', () => {
  test('H5: no entry (the phone camera opens the printed URL itself)', async () => {
    expect(h5Scanner.available).toBe(false);
    await expect(h5Scanner.scan()).resolves.toBeNull();
  });

  test('mini-programs: the scanned text, which names the claim page', async () => {
    const scanCode = jest.fn(async () => ({
      result:
        'https://shop.example.com/#/subpackages/activity/getCouponActive/getCouponActive?actSn=demo-scan-1&projectSn=demo',
    })) as unknown as ScanCode;
    const scanner = createMiniScanner(scanCode);
    expect(scanner.available).toBe(true);
    const text = await scanner.scan();
    expect(scanCode).toHaveBeenCalledWith({ onlyFromCamera: false });
    expect(claimFromScan(text!)).toEqual({ actSn: 'demo-scan-1', projectSn: 'demo' });
  });

  test('mini-programs: a cancelled scan is not an error', async () => {
    const scanCode = jest.fn(async () => {
      throw { errMsg: 'scanCode:fail cancel' };
    }) as unknown as ScanCode;
    await expect(createMiniScanner(scanCode).scan()).resolves.toBeNull();
  });
});
