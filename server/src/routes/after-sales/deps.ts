/** What the after-sales route plugins share: settings, refund providers and the (cached) tracker. */
import type { Config } from '../../config';
import type { AfterSalesConfig } from '../../services/after-sales-config';
import type { RefundProviders } from '../../services/providers/refund';
import type { CachedTracker } from '../../services/providers/tracking';

export interface AfterSalesDeps {
  config: Config;
  afterSales: AfterSalesConfig;
  refundProviders: RefundProviders;
  tracker: CachedTracker;
}
