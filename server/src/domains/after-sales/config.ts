/**
 * After-sales settings from the environment (README, configuration): the sandbox refund delay, the tracking
 * provider and its cache window, and the merchant's return address shown on after-sale pages.
 */
import type { Address } from '@contract/address';

export interface AfterSalesConfig {
  /** How long the sandbox refund takes before it notifies (SANDBOX_REFUND_DELAY_MS). */
  sandboxRefundDelayMs: number;
  /** sandbox | kuaidi100 (LOGISTICS_PROVIDER). */
  trackingProvider: 'sandbox' | 'kuaidi100';
  kuaidi100: { customer: string; key: string; baseUrl: string } | null;
  /** A tracking answer is reused this long (LOGISTICS_CACHE_SECONDS). */
  trackCacheMs: number;
  /** One sandbox shipment step per this long (SANDBOX_TRACK_STEP_SECONDS). */
  sandboxTrackStepMs: number;
  returnAddress: Address;
}

const int = (v: string | undefined, fallback: number, name: string, min = 0) => {
  if (v === undefined || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}`);
  return n;
};

export function loadAfterSalesConfig(env: Record<string, string | undefined>): AfterSalesConfig {
  const provider = env.LOGISTICS_PROVIDER || 'sandbox';
  if (provider !== 'sandbox' && provider !== 'kuaidi100')
    throw new Error('LOGISTICS_PROVIDER must be sandbox or kuaidi100');
  const customer = env.KUAIDI100_CUSTOMER ?? '';
  const key = env.KUAIDI100_KEY ?? '';
  if (provider === 'kuaidi100' && (!customer || !key))
    throw new Error('LOGISTICS_PROVIDER=kuaidi100 needs KUAIDI100_CUSTOMER and KUAIDI100_KEY');
  return {
    sandboxRefundDelayMs: int(env.SANDBOX_REFUND_DELAY_MS, 1500, 'SANDBOX_REFUND_DELAY_MS'),
    trackingProvider: provider,
    kuaidi100:
      customer && key ? { customer, key, baseUrl: env.KUAIDI100_BASE_URL || 'https://poll.kuaidi100.com' } : null,
    trackCacheMs:
      int(env.LOGISTICS_CACHE_SECONDS, provider === 'kuaidi100' ? 1800 : 10, 'LOGISTICS_CACHE_SECONDS') * 1000,
    sandboxTrackStepMs: int(env.SANDBOX_TRACK_STEP_SECONDS, 30, 'SANDBOX_TRACK_STEP_SECONDS', 1) * 1000,
    returnAddress: {
      addressId: 'return',
      provinceId: '110000',
      cityId: '110100',
      areaId: '110105',
      fullAreaName: env.RETURN_AREA || '北京市 北京市 朝阳区',
      ids: ['110000', '110100', '110105'],
      consigneeName: env.RETURN_CONSIGNEE || '商城售后部',
      consigneeTelephone: env.RETURN_PHONE || '13800138000',
      fullAddress: env.RETURN_ADDRESS || '建国路88号 售后仓',
      isDefault: false,
    },
  };
}
