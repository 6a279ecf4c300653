/**
 * WeChat mini-program: wx.requestMerchantTransfer (base library 3.3.0+) opens WeChat's 确认收款 page for a
 * transfer the shop started with this mini-program's AppID.
 */
import type { WithdrawalConfirm } from '@contract/earnings';
import { confirmElsewhere, type TransferConfirmOutcome } from './types';

export * from './types';

export function confirmTransfer(c: WithdrawalConfirm): Promise<TransferConfirmOutcome> {
  if (c.where !== 'WEAPP') return Promise.resolve({ ok: false, message: confirmElsewhere(c) });
  if (typeof wx === 'undefined' || typeof wx.requestMerchantTransfer !== 'function')
    return Promise.resolve({ ok: false, message: '当前微信版本过低，请升级微信后再确认收款' });
  return new Promise((resolve) => {
    wx.requestMerchantTransfer({
      mchId: c.mchId,
      appId: c.appId,
      package: c.package,
      success: () => resolve({ ok: true }),
      fail: (res: { errMsg?: string }) =>
        resolve({
          ok: false,
          message: /cancel/.test(res?.errMsg ?? '') ? '已取消确认收款' : '确认收款未完成，请稍后再试',
        }),
    });
  });
}
