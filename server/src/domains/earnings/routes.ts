/**
 * Earnings: the promoter's §7 calls, the payout notification path, and the operator API.
 * The providers are built here once: real-name verification and payouts (sandbox by default, whose payout
 * notifies this server over HTTP like a real channel; through inject when the app is not listening, in tests).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { loadEarningsConfig } from './config';
import { createVault } from './vault';
import { createIdentityProvider } from './providers/identity';
import { createSandboxPayoutProvider } from './providers/payout';
import { createWechatPayoutProvider } from './providers/wechat-payout';
import type { SmsProvider } from '../auth/providers/sms';
import { resumePayouts } from './withdrawals';
import { selfSender } from '../../runtime/self-sender';
import type { EarningsDeps } from './config';
import frontRoutes from './customer-routes';
import notifyRoutes from './notify-routes';
import { opsApiRoutes } from './ops-routes';

export interface EarningsRoutesOptions {
  config: Config;
  sms: SmsProvider;
  /** Defaults to the environment (domains/earnings/config.ts); tests pass their own. */
  env?: Record<string, string | undefined>;
}

const earningsRoutes: FastifyPluginAsync<EarningsRoutesOptions> = async (app, options) => {
  const earnings = loadEarningsConfig(options.env ?? process.env, options.config.wechatPay);
  const pay = options.config.wechatPay;
  const payout = earnings.wechatPayout
    ? createWechatPayoutProvider({
        ...earnings.wechatPayout,
        // loadEarningsConfig refused a start without every one of these.
        mchId: pay.mchId as string,
        serialNo: pay.serialNo as string,
        privateKey: pay.privateKey as string,
        platformPublicKey: pay.platformPublicKey as string,
        platformPublicKeyId: pay.platformPublicKeyId as string,
        apiV3Key: pay.apiV3Key as string,
        apiBase: pay.apiBase,
      })
    : createSandboxPayoutProvider({
        key: earnings.sandboxPayoutKey,
        delayMs: earnings.sandboxPayoutDelayMs,
        send: selfSender(app),
        onError: (err) => app.log.error({ err }, 'sandbox payout notification could not be delivered'),
      });
  app.addHook('onClose', async () => payout.close());
  const deps: EarningsDeps = {
    config: options.config,
    earnings,
    vault: createVault(earnings.dataKey),
    identityProvider: createIdentityProvider(earnings, app.log),
    payout,
    sms: options.sms,
  };
  // A payout approved before a restart is still owed its answer: ask the channel again once the app is up.
  app.addHook('onReady', async () => {
    const resumed = await resumePayouts(app.db, deps);
    if (resumed) app.log.info({ resumed }, 'payouts still in progress handed to the payout provider again');
  });
  await app.register(frontRoutes, deps);
  await app.register(notifyRoutes, deps);
  await app.register(opsApiRoutes, deps);
};

export default earningsRoutes;
