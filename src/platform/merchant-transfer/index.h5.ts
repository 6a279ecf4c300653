/**
 * H5: inside the WeChat browser WeixinJSBridge's requestMerchantTransfer opens WeChat's 确认收款 page for a transfer
 * started with the official account's AppID; any other browser cannot, so the earner is told where to go.
 */
import type { WithdrawalConfirm } from '@contract/earnings';
import { isWechatBrowser } from '../../domain/user-agent';
import { confirmElsewhere, type TransferConfirmOutcome } from './types';

export * from './types';

export function confirmTransfer(c: WithdrawalConfirm): Promise<TransferConfirmOutcome> {
  const inWechat = typeof navigator !== 'undefined' && isWechatBrowser(navigator.userAgent);
  const bridge = typeof WeixinJSBridge === 'undefined' ? undefined : WeixinJSBridge;
  if (c.where !== 'WECHAT_H5' || !inWechat || !bridge)
    return Promise.resolve({ ok: false, message: confirmElsewhere(c) });
  return new Promise((resolve) => {
    bridge.invoke('requestMerchantTransfer', { mchId: c.mchId, appId: c.appId, package: c.package }, (res) => {
      if (res.err_msg === 'requestMerchantTransfer:ok') resolve({ ok: true });
      else if (res.err_msg === 'requestMerchantTransfer:cancel') resolve({ ok: false, message: '已取消确认收款' });
      else resolve({ ok: false, message: '确认收款未完成，请稍后再试' });
    });
  });
}
