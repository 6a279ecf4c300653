/** The payment providers the config turns on, and which one takes a payment of a given trade type. */
import type { Config } from '../../../config';
import { createBaiduPayProvider } from './baidu-pay';
import { createSandboxProvider } from './sandbox';
import type { PaymentProvider, TradeType } from './types';
import { createWechatPayProvider } from './wechat-pay';

export type { PaymentProvider } from './types';

export interface PaymentProviders {
  /** The provider for a new payment (PAY_PROVIDER sandbox: always the sandbox). */
  forTrade(tradeType: TradeType): PaymentProvider;
  /** By payments.provider / the /pay/notify/<name> segment. */
  byName(name: string): PaymentProvider | undefined;
  sandbox: PaymentProvider;
}

export function createPaymentProviders(config: Config): PaymentProviders {
  const sandbox = createSandboxProvider({ key: config.sandboxPayKey, publicBaseUrl: config.publicBaseUrl });
  const wechat = createWechatPayProvider(config.wechatPay);
  const baidu = createBaiduPayProvider(config.baiduPay);
  const all: Record<string, PaymentProvider> = { sandbox, wechat, baidu };
  return {
    forTrade: (tradeType) => (config.payProvider === 'sandbox' ? sandbox : tradeType === 'SWAN' ? baidu : wechat),
    byName: (name) => all[name],
    sandbox,
  };
}
