/**
 * After-sales (issue 13): the customer's §7 calls, the refund notification path, and the operator API and page.
 * Providers are built here once: refunds (the sandbox notifies this server over HTTP like a real channel; through
 * inject when the app is not listening) and the tracker (sandbox by default, Kuaidi100 when configured), cached.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { loadAfterSalesConfig } from './config';
import { createRefundProviders } from '../payment/providers/refund';
import { createKuaidi100Tracker, createSandboxTracker, withCache, type TrackingProvider } from '../shipping/providers/tracking';
import { selfSender } from '../sandbox/routes';
import type { AfterSalesDeps } from './deps';
import frontRoutes from './customer-routes';
import notifyRoutes from './notify-routes';
import { opsApiRoutes, opsPageRoutes } from './ops-routes';

export interface AfterSalesRoutesOptions {
  config: Config;
  /** Defaults to the environment (domains/after-sales/config.ts); tests pass their own. */
  env?: Record<string, string | undefined>;
  /** Tests pass a recording or faked tracker. */
  tracker?: TrackingProvider;
}

const afterSalesRoutes: FastifyPluginAsync<AfterSalesRoutesOptions> = async (app, options) => {
  const afterSales = loadAfterSalesConfig(options.env ?? process.env);
  const refundProviders = createRefundProviders({
    key: options.config.sandboxPayKey,
    delayMs: afterSales.sandboxRefundDelayMs,
    send: selfSender(app),
    onError: (err) => app.log.error({ err }, 'sandbox refund notification could not be delivered'),
    live: options.config,
  });
  app.addHook('onClose', async () => refundProviders.close());
  const provider =
    options.tracker ??
    (afterSales.trackingProvider === 'kuaidi100' && afterSales.kuaidi100
      ? createKuaidi100Tracker(afterSales.kuaidi100)
      : createSandboxTracker({ stepMs: afterSales.sandboxTrackStepMs }));
  const deps: AfterSalesDeps = { config: options.config, afterSales, refundProviders, tracker: withCache(provider, afterSales.trackCacheMs) };
  await app.register(frontRoutes, deps);
  await app.register(notifyRoutes, deps);
  await app.register(opsApiRoutes, deps);
  await app.register(opsPageRoutes);
};

export default afterSalesRoutes;
