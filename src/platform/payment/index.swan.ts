/** Baidu smart-program payment: swan.requestPolymerPayment; errCode 2 is a cancel (§4). */
import type { Pay } from './types';
import { openWebCashier } from './web-cashier';

export * from './types';

interface SwanPayApi {
  requestPolymerPayment(options: {
    orderInfo: Record<string, unknown>;
    success: () => void;
    fail: (err: { errCode?: number; errMsg?: string }) => void;
  }): void;
}

/** With the sandbox (no orderInfo, a cashier URL) the web cashier opens in the web-view page instead. */
export function createSwanPay(
  api: () => SwanPayApi = () => swan as SwanPayApi,
  webCashier: Pay = (p) => openWebCashier(p),
): Pay {
  return (params) => {
    if (!params.orderInfo && params.mwebUrl) return webCashier(params);
    return new Promise((resolve) => {
      api().requestPolymerPayment({
        orderInfo: params.orderInfo || {},
        success: () => resolve({ status: 'success' }),
        fail: (err) =>
          resolve(err && err.errCode === 2 ? { status: 'cancel' } : { status: 'fail', message: err?.errMsg }),
      });
    });
  };
}

export const pay: Pay = createSwanPay();
