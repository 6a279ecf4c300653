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
  PAYOUT_PROVIDER: z.enum(['sandbox', 'wechat'], { message: 'must be sandbox or wechat' }).default('sandbox'),
  WECHAT_PAYOUT_SCENE_ID: z
    .string()
    .regex(/^\d{1,36}$/, 'must be the transfer scene id, digits (e.g. 1005)')
    .optional(),
  WECHAT_PAYOUT_NOTIFY_URL: z
    .string()
    .regex(/^https:\/\/[^/\s?]+[^?\s]*$/, 'must be an https URL without query parameters')
    .optional(),
  WECHAT_PAYOUT_REMARK: z.string().max(32, 'must have at most 32 characters').default('推广佣金提现'),
  WECHAT_PAYOUT_PERCEPTION: z.string().max(32, 'must have at most 32 characters').optional(),
  WECHAT_PAYOUT_REPORT_INFOS: z.string().optional(),
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

/** Scene 1005 (佣金报酬) is what promoters' commissions are; its report fields are 岗位类型 and 报酬说明. */
export const COMMISSION_SCENE_ID = '1005';
export const COMMISSION_REPORT_INFOS = [
  { info_type: '岗位类型', info_content: '推广员' },
  { info_type: '报酬说明', info_content: '推广佣金' },
];

/** WeChat transfer to balance (商家转账), set with PAYOUT_PROVIDER=wechat; the merchant keys are WECHAT_PAY_*'s. */
export interface WechatPayoutConfig {
  sceneId: string;
  notifyUrl: string;
  remark: string;
  perception?: string;
  reportInfos: { info_type: string; info_content: string }[];
}

export interface EarningsConfig {
  dataKey: string;
  payoutProvider: 'sandbox' | 'wechat';
  wechatPayout?: WechatPayoutConfig;
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

const reportInfos = z
  .array(z.object({ info_type: z.string().min(1).max(15), info_content: z.string().min(1).max(32) }))
  .min(1)
  .max(5);

/** The WeChat Pay merchant variables a WeChat payout signs and verifies with (server/src/config.ts reads them). */
const MERCHANT_VARS = [
  ['WECHAT_PAY_MCH_ID', 'mchId'],
  ['WECHAT_PAY_SERIAL_NO', 'serialNo'],
  ['WECHAT_PAY_PRIVATE_KEY', 'privateKey'],
  ['WECHAT_PAY_API_V3_KEY', 'apiV3Key'],
  ['WECHAT_PAY_PLATFORM_PUBLIC_KEY', 'platformPublicKey'],
  ['WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID', 'platformPublicKeyId'],
] as const;

/** https://host/pay/notify/wechat -> https://host/payout/notify/wechat (payout results beside payment results). */
export const wechatPayoutNotifyUrl = (payNotifyUrl: string | undefined) => {
  const m = payNotifyUrl ? /^(.*)\/pay\/notify\/wechat\/?$/.exec(payNotifyUrl) : null;
  return m ? `${m[1]}/payout/notify/wechat` : undefined;
};

export function loadEarningsConfig(
  env: Record<string, string | undefined>,
  wechatPay?: Config['wechatPay'],
): EarningsConfig {
  const present = Object.fromEntries(
    Object.entries(env).filter(([k, v]) => v !== undefined && v !== '' && k in schema.shape),
  );
  const parsed = schema.safeParse(present);
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `  - ${String(i.path[0])}: ${i.message}`);
  let wechatPayout: WechatPayoutConfig | undefined;
  if (parsed.success) {
    const r = wechatPayoutOf(parsed.data, wechatPay);
    if (Array.isArray(r)) problems.push(...r.map((p) => `  - ${p}`));
    else wechatPayout = r;
  }
  if (!parsed.success || problems.length) {
    throw new Error(`Invalid earnings configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const identity = identityProblems(e);
  if (identity.length)
    throw new Error(`Invalid earnings configuration:\n${identity.map((p) => `  - ${p}`).join('\n')}`);
  return {
    dataKey: e.EARNINGS_DATA_KEY,
    payoutProvider: e.PAYOUT_PROVIDER,
    wechatPayout,
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

/** The WeChat payout settings, or the problems of a half configuration (each missing variable named). */
function wechatPayoutOf(
  e: z.infer<typeof schema>,
  pay: Config['wechatPay'] | undefined,
): WechatPayoutConfig | undefined | string[] {
  const own = [
    'WECHAT_PAYOUT_SCENE_ID',
    'WECHAT_PAYOUT_NOTIFY_URL',
    'WECHAT_PAYOUT_PERCEPTION',
    'WECHAT_PAYOUT_REPORT_INFOS',
  ];
  if (e.PAYOUT_PROVIDER !== 'wechat') {
    const stray = own.filter((k) => e[k as keyof typeof e] !== undefined);
    return stray.length ? stray.map((k) => `${k}: set, but PAYOUT_PROVIDER is not wechat`) : undefined;
  }
  const problems: string[] = [];
  for (const [name, key] of MERCHANT_VARS)
    if (!pay?.[key]) problems.push(`${name}: missing, PAYOUT_PROVIDER=wechat pays with the WeChat Pay merchant keys`);
  if (pay && !pay.appId && !pay.miniAppId)
    problems.push('WECHAT_PAY_APP_ID: PAYOUT_PROVIDER=wechat needs WECHAT_PAY_APP_ID or WECHAT_PAY_MINI_APP_ID');
  if (!e.WECHAT_PAYOUT_SCENE_ID)
    problems.push('WECHAT_PAYOUT_SCENE_ID: missing, the transfer scene WeChat granted (1005: 佣金报酬)');
  const notifyUrl = e.WECHAT_PAYOUT_NOTIFY_URL ?? wechatPayoutNotifyUrl(pay?.notifyUrl);
  if (!notifyUrl)
    problems.push(
      'WECHAT_PAYOUT_NOTIFY_URL: missing, and WECHAT_PAY_NOTIFY_URL does not end in /pay/notify/wechat to derive it',
    );
  let infos = e.WECHAT_PAYOUT_SCENE_ID === COMMISSION_SCENE_ID ? COMMISSION_REPORT_INFOS : undefined;
  if (e.WECHAT_PAYOUT_REPORT_INFOS) {
    let json: unknown;
    try {
      json = JSON.parse(e.WECHAT_PAYOUT_REPORT_INFOS);
    } catch {
      json = null;
    }
    const r = reportInfos.safeParse(json);
    if (r.success) infos = r.data;
    else problems.push('WECHAT_PAYOUT_REPORT_INFOS: must be a JSON array of {info_type, info_content}');
  } else if (!infos) {
    problems.push("WECHAT_PAYOUT_REPORT_INFOS: missing, the scene's report fields (only 1005's are built in)");
  }
  if (problems.length || !notifyUrl || !infos || !e.WECHAT_PAYOUT_SCENE_ID) return problems;
  return {
    sceneId: e.WECHAT_PAYOUT_SCENE_ID,
    notifyUrl,
    remark: e.WECHAT_PAYOUT_REMARK,
    perception: e.WECHAT_PAYOUT_PERCEPTION,
    reportInfos: infos,
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
