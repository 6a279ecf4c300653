/** What the after-sales route plugins share: settings, refund providers and the (cached) tracker. */
import type { Config } from '../../config';
import type { AfterSalesConfig } from './config';
import type { RefundProviders } from '../payment/providers/refund';
import type { CachedTracker } from '../shipping/providers/tracking';

export interface AfterSalesDeps {
  config: Config;
  afterSales: AfterSalesConfig;
  refundProviders: RefundProviders;
  tracker: CachedTracker;
}
