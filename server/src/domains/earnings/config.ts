/**
 * Settings of the earnings capability, read from the environment and checked when the app is built
 * (a bad value stops start-up with every problem listed, like config.ts). Kept beside the capability so the
 * shared config stays small; the README lists each variable.
 */
import { z } from 'zod';
import type { WithdrawalRule } from '@contract/rules/withdrawal';
import type { Config } from '../../config';
import type { Vault } from './vault';
import type { IdentityProvider } from './providers/identity';
import {
  IDENTITY_ENV,
  identityProblems,
  tencentFaceidSettings,
  type IdentityProviderName,
  type TencentFaceidSettings,
} from './providers/identity-config';
import type { PayoutProvider } from './providers/payout';
import type { SmsProvider } from '../auth/providers/sms';

export const DEFAULT_EARNINGS_DATA_KEY = 'storefront-demo-earnings-data-key';
export const DEFAULT_SANDBOX_PAYOUT_KEY = 'storefront-sandbox-payout-key';

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max, {
      message: `must be an integer from ${min} to ${max}`,
    })
    .transform(Number);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true');

const schema = z.object({
  EARNINGS_DATA_KEY: z.string().min(16, 'must have at least 16 characters').default(DEFAULT_EARNINGS_DATA_KEY),
  PAYOUT_PROVIDER: z.enum(['sandbox'], { message: 'must be sandbox' }).default('sandbox'),
  ...IDENTITY_ENV,
  SANDBOX_PAYOUT_KEY: z.string().min(8, 'must have at least 8 characters').default(DEFAULT_SANDBOX_PAYOUT_KEY),
  SANDBOX_PAYOUT_DELAY_MS: int(1500, 0, 600_000),
  COMMISSION_FREEZE_DAYS: int(7, 0, 365),
  WITHDRAW_MIN_FEN: int(1000, 1, 100_000_000),
  WITHDRAW_MAX_PER_DAY_FEN: int(5_000_000, 1, 1_000_000_000),
  WITHDRAW_COUNT_PER_DAY: int(3, 1, 1000),
  WITHDRAW_FEE_BPS: int(0, 0, 5000),
  WITHDRAW_FEE_MIN_FEN: int(0, 0, 100_000),
  WITHDRAW_IDENTITY_REQUIRED: flag(true),
  WITHDRAW_BANK_CARD_REQUIRED: flag(true),
  WITHDRAW_AUTO_APPROVE_MAX_FEN: int(0, 0, 1_000_000_000),
  IDENTITY_FAILS_PER_DAY: int(5, 1, 1000),
});

export interface EarningsConfig {
  dataKey: string;
  payoutProvider: 'sandbox';
  identityProvider: IdentityProviderName;
  /** Tencent Cloud faceid's keys when IDENTITY_PROVIDER=tencent (providers/identity-config.ts). */
  tencentFaceid?: TencentFaceidSettings;
  sandboxPayoutKey: string;
  /** How long the sandbox payout takes before it notifies (a real bank answers later, not in the request). */
  sandboxPayoutDelayMs: number;
  /** Days after the order is fully paid that its commission stays frozen (the refund window). */
  freezeDays: number;
  rule: WithdrawalRule;
  /** Withdrawals up to this amount skip the operator's review; 0: every withdrawal is reviewed. */
  autoApproveMax: number;
  identityFailsPerDay: number;
}

export function loadEarningsConfig(env: Record<string, string | undefined>): EarningsConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => v !== undefined && v !== '' && k in schema.shape),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  - ${String(i.path[0])}: ${i.message}`).join('\n');
    throw new Error(`Invalid earnings configuration:\n${problems}`);
  }
  const e = parsed.data;
  const identity = identityProblems(e);
  if (identity.length)
    throw new Error(`Invalid earnings configuration:\n${identity.map((p) => `  - ${p}`).join('\n')}`);
  return {
    dataKey: e.EARNINGS_DATA_KEY,
    payoutProvider: e.PAYOUT_PROVIDER,
    identityProvider: e.IDENTITY_PROVIDER,
    tencentFaceid: tencentFaceidSettings(e),
    sandboxPayoutKey: e.SANDBOX_PAYOUT_KEY,
    sandboxPayoutDelayMs: e.SANDBOX_PAYOUT_DELAY_MS,
    freezeDays: e.COMMISSION_FREEZE_DAYS,
    rule: {
      minAmount: e.WITHDRAW_MIN_FEN,
      maxPerDay: e.WITHDRAW_MAX_PER_DAY_FEN,
      countPerDay: e.WITHDRAW_COUNT_PER_DAY,
      feeBps: e.WITHDRAW_FEE_BPS,
      feeMin: e.WITHDRAW_FEE_MIN_FEN,
      identityRequired: e.WITHDRAW_IDENTITY_REQUIRED,
      bankCardRequired: e.WITHDRAW_BANK_CARD_REQUIRED,
    },
    autoApproveMax: e.WITHDRAW_AUTO_APPROVE_MAX_FEN,
    identityFailsPerDay: e.IDENTITY_FAILS_PER_DAY,
  };
}

/** What the earnings routes share: settings, the vault, and the providers (built once by the routes' index). */
export interface EarningsDeps {
  config: Config;
  earnings: EarningsConfig;
  vault: Vault;
  identityProvider: IdentityProvider;
  payout: PayoutProvider;
  sms: SmsProvider;
}
