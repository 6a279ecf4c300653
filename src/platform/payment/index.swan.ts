/** Baidu smart-program payment: swan.requestPolymerPayment; errCode 2 is a cancel (§4). */
import type { Pay } from './types';

export * from './types';

interface SwanPayApi {
  requestPolymerPayment(options: {
    orderInfo: Record<string, unknown>;
    success: () => void;
    fail: (err: { errCode?: number; errMsg?: string }) => void;
  }): void;
}

export function createSwanPay(api: () => SwanPayApi = () => swan as SwanPayApi): Pay {
  return (params) =>
    new Promise((resolve) => {
      api().requestPolymerPayment({
        orderInfo: params.orderInfo || {},
        success: () => resolve({ status: 'success' }),
        fail: (err) => resolve(err && err.errCode === 2 ? { status: 'cancel' } : { status: 'fail', message: err?.errMsg }),
      });
    });
}

export const pay: Pay = createSwanPay();
