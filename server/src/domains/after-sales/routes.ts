/**
 * After-sales: the customer's §7 calls, the refund notification path, and the operator API.
 * Providers are built here once (providers.ts): the sandbox refund channel notifies this server over HTTP like
 * a real channel, through inject when the app is not listening.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { loadAfterSalesConfig } from './config';
import type { TrackingProvider } from '../shipping/providers/tracking';
import { selfSender } from '../../runtime/self-sender';
import { createAfterSalesProviders } from './providers';
import type { AfterSalesDeps } from './deps';
import frontRoutes from './customer-routes';
import notifyRoutes from './notify-routes';
import { opsApiRoutes } from './ops-routes';

export interface AfterSalesRoutesOptions {
  config: Config;
  /** Defaults to the environment (domains/after-sales/config.ts); tests pass their own. */
  env?: Record<string, string | undefined>;
  /** Tests pass a recording or faked tracker. */
  tracker?: TrackingProvider;
}

const afterSalesRoutes: FastifyPluginAsync<AfterSalesRoutesOptions> = async (app, options) => {
  const afterSales = loadAfterSalesConfig(options.env ?? process.env);
  const { refundProviders, tracker } = createAfterSalesProviders({
    config: options.config,
    afterSales,
    send: selfSender(app),
    onError: (err) => app.log.error({ err }, 'sandbox refund notification could not be delivered'),
    tracker: options.tracker,
  });
  app.addHook('onClose', async () => refundProviders.close());
  const deps: AfterSalesDeps = { config: options.config, afterSales, refundProviders, tracker };
  await app.register(frontRoutes, deps);
  await app.register(notifyRoutes, deps);
  await app.register(opsApiRoutes, deps);
};

export default afterSalesRoutes;
