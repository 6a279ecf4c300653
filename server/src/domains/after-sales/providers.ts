/**
 * The outside systems after-sales talks to, built once per app: refunds (the sandbox notifies this server like
 * a real channel) and the tracker (sandbox by default, Kuaidi100 when configured), cached.
 */
import type { Config } from '../../config';
import type { NotifySender } from '../../runtime/self-sender';
import type { AfterSalesConfig } from './config';
import { createRefundProviders, type RefundProviders } from '../payment/providers/refund';
import {
  createKuaidi100Tracker,
  createSandboxTracker,
  withCache,
  type CachedTracker,
  type TrackingProvider,
} from '../shipping/providers/tracking';

export interface AfterSalesProviders {
  refundProviders: RefundProviders;
  tracker: CachedTracker;
}

export function createAfterSalesProviders(options: {
  config: Config;
  afterSales: AfterSalesConfig;
  /** How the sandbox refund channel's notification reaches /refund/notify/sandbox. */
  send: NotifySender;
  onError: (err: unknown) => void;
  /** Tests pass a recording or faked tracker. */
  tracker?: TrackingProvider;
}): AfterSalesProviders {
  const { config, afterSales } = options;
  const refundProviders = createRefundProviders({
    key: config.sandboxPayKey,
    delayMs: afterSales.sandboxRefundDelayMs,
    send: options.send,
    onError: options.onError,
    live: config,
  });
  const provider =
    options.tracker ??
    (afterSales.trackingProvider === 'kuaidi100' && afterSales.kuaidi100
      ? createKuaidi100Tracker(afterSales.kuaidi100)
      : createSandboxTracker({ stepMs: afterSales.sandboxTrackStepMs }));
  return { refundProviders, tracker: withCache(provider, afterSales.trackCacheMs) };
}
