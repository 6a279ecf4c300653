/**
 * Earnings (issue 15): the promoter's §7 calls, the payout notification path, and the operator API and console.
 * The providers are built here once: real-name verification and payouts (sandbox by default, whose payout
 * notifies this server over HTTP like a real channel; through inject when the app is not listening, in tests).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { loadEarningsConfig } from '../../services/earnings-config';
import { createVault } from '../../services/earnings-vault';
import { createSandboxIdentityProvider } from '../../services/providers/identity';
import { createSandboxPayoutProvider } from '../../services/providers/payout';
import type { SmsProvider } from '../../services/sms';
import { resumePayouts } from '../../services/withdrawals';
import { selfSender } from '../sandbox';
import type { EarningsDeps } from '../../services/earnings-config';
import frontRoutes from './front';
import notifyRoutes from './notify';
import { opsApiRoutes, opsConsoleRoutes } from './ops';

export interface EarningsRoutesOptions {
  config: Config;
  sms: SmsProvider;
  /** Defaults to the environment (services/earnings-config.ts); tests pass their own. */
  env?: Record<string, string | undefined>;
}

const earningsRoutes: FastifyPluginAsync<EarningsRoutesOptions> = async (app, options) => {
  const earnings = loadEarningsConfig(options.env ?? process.env);
  const payout = createSandboxPayoutProvider({
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
    identityProvider: createSandboxIdentityProvider(),
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
  await app.register(opsConsoleRoutes);
};

export default earningsRoutes;
