/**
 * What happens after a payment attempt (§4 pay flow). Pure: the payment store carries it out.
 * Success: 支付成功, clear the stored order number and cached pay info, open the order detail (replace from the
 * submit page, push otherwise, nothing if already there). Cancel from the submit page goes to the order list;
 * any other failure toasts 支付异常, 请重试!.
 */
export type PayFrom = 'submit' | 'detail' | 'list' | 'other';
export type PayResult = 'success' | 'cancel' | 'fail' | 'redirected' | 'free';

export const PAY_TEXTS = {
  success: '支付成功',
  failed: '支付异常, 请重试!',
  checkTitle: '请确认微信支付是否已完成',
  checkDone: '已完成支付',
  checkProblem: '支付遇到问题，重新支付',
} as const;

export interface AfterPay {
  toast: string | null;
  clearPending: boolean;
  navigate: { to: 'orderDetail' | 'orderList'; mode: 'replace' | 'push' } | null;
  /** The current page should ask the server for the order's real state. */
  refresh: boolean;
}

export function afterPay(result: PayResult, from: PayFrom): AfterPay {
  switch (result) {
    case 'success':
    case 'free':
      return {
        toast: result === 'success' ? PAY_TEXTS.success : null,
        clearPending: true,
        navigate: from === 'detail' ? null : { to: 'orderDetail', mode: from === 'submit' ? 'replace' : 'push' },
        refresh: true,
      };
    case 'cancel':
      return { toast: null, clearPending: true, navigate: from === 'submit' ? { to: 'orderList', mode: 'replace' } : null, refresh: true };
    case 'redirected':
      return { toast: null, clearPending: false, navigate: null, refresh: false };
    default:
      return { toast: PAY_TEXTS.failed, clearPending: true, navigate: null, refresh: true };
  }
}
