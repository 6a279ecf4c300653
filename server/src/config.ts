/**
 * Every server setting, read from the environment and checked once at start-up. The defaults are demo mode:
 * embedded PGlite in ./data, the demo signing key and SMS codes written to the log.
 * `loadConfig` is pure (env in, config out) so tests build configs without touching process.env.
 */
import { z } from 'zod';
import { DEFAULT_SIGN_KEY } from '@contract/signature';
import { SMS_ENV, checkSmsEnv, smsVendorSettings, type SmsVendorSettings } from './domains/auth/providers/sms-config';
import { NOTIFY_PROVIDERS, readTemplates, type NoticeTemplates } from './domains/notification/settings';

/** log: codes written to the server log (demo); aliyun / tencent: sent by that vendor (SMS_ENV's variables). */
export const SMS_PROVIDERS = ['log', 'aliyun', 'tencent'] as const;
/** sandbox: the server's own cashier for every trade type; live: WeChat Pay (MWEB, JSAPI) and Baidu (SWAN). */
export const PAY_PROVIDERS = ['sandbox', 'live'] as const;
/** Demo key of the sandbox cashier's notification signature (HMAC-SHA256). */
export const DEFAULT_SANDBOX_PAY_KEY = 'storefront-sandbox-pay-key';
/** Demo bearer key of the operator routes (/ops/...); a real deployment sets OPS_KEY. */
export const DEFAULT_OPS_KEY = 'storefront-demo-ops-key';
/** Demo HMAC key of the server's own upload policies (the local storage host); OSS uses OSS_ACCESS_SECRET. */
export const DEFAULT_UPLOAD_SECRET = 'storefront-demo-upload-secret';
/** Demo HMAC key of the card secrets: codes are stored as HMAC-SHA256(CARD_CODE_KEY, code). */
export const DEFAULT_CARD_CODE_KEY = 'storefront-demo-card-code-key';
/**
 * sandbox: mini-program logins without an app secret (DevTools); live: WeChat code2Session and Baidu jscode2sessionkey.
 */
export const MINI_LOGIN_PROVIDERS = ['sandbox', 'live'] as const;
/** sandbox: the server's own e-sign page; esign: e签宝 open API v3 (ESIGN_*). */
export const ESIGN_PROVIDERS = ['sandbox', 'esign'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const intFrom = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max, {
      message: `${name} must be an integer from ${min} to ${max}`,
    })
    .transform((v) => Number(v));

/**
 * true / false, or proxy addresses, CIDRs and proxy-addr's names (loopback, linklocal, uniquelocal), comma-separated.
 */
const TRUST_PROXY_PATTERN = /^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/;

/**
 * Fastify's trustProxy from TRUST_PROXY: unset or false trusts nobody, so request.ip is the socket's peer;
 * a list trusts X-Forwarded-For from those proxies only; true trusts any peer (only safe when nothing but the
 * proxy can reach the server). Fastify 5 refuses hop counts (they cannot check the peer), so none are offered.
 */
export function parseTrustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((s) => s.trim())
    .join(',');
}

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/**
 * A provider's variables are all set or none (a half configuration would take orders it cannot verify): each
 * missing one is an issue naming the whole group. Returns how many are set (0: the provider is off).
 */
function allOrNone(ctx: z.RefinementCtx, group: Record<string, string | undefined>, service: string): number {
  const names = Object.keys(group);
  const set = Object.values(group).filter(Boolean).length;
  if (set > 0 && set < names.length) {
    for (const [name, value] of Object.entries(group)) {
      if (!value)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is missing: ${service} needs ${names.join(', ')} together (all unset: ${service} off)`,
        });
    }
  }
  return set;
}

const envSchema = z
  .object({
    PORT: intFrom('PORT', 3000, 1, 65535),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the embedded PGlite)',
    }),
    DATABASE_POOL_MAX: intFrom('DATABASE_POOL_MAX', 10, 1, 1000),
    SHUTDOWN_GRACE_MS: intFrom('SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    SIGN_KEY: z.string().min(8, 'SIGN_KEY must have at least 8 characters').default(DEFAULT_SIGN_KEY),
    H5_DIST: z.string().trim().min(1).default('dist/h5'),
    ADMIN_DIST: optionalText,
    SMS_PROVIDER: z
      .enum(SMS_PROVIDERS, { message: `SMS_PROVIDER must be one of: ${SMS_PROVIDERS.join(', ')}` })
      .default('log'),
    ...SMS_ENV,
    SESSION_TTL_DAYS: intFrom('SESSION_TTL_DAYS', 30, 1, 3650),
    PUBLIC_BASE_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/\s]+/.test(v), {
      message: 'PUBLIC_BASE_URL must be an absolute http(s) URL',
    }),
    TRUST_PROXY: optionalText.refine((v) => v === undefined || TRUST_PROXY_PATTERN.test(v), {
      message:
        'TRUST_PROXY must be true, false, or a comma-separated list of proxy addresses / CIDRs (e.g. 127.0.0.1,10.0.0.0/8)',
    }),
    SMS_PER_IP_PER_HOUR: intFrom('SMS_PER_IP_PER_HOUR', 20, 1, 1_000_000),
    SMS_PER_MINUTE: intFrom('SMS_PER_MINUTE', 60, 1, 1_000_000),
    ENTRANCE_PER_IP_PER_MINUTE: intFrom('ENTRANCE_PER_IP_PER_MINUTE', 60, 1, 1_000_000),
    LOG_LEVEL: z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}` }).default('info'),
    PAY_PROVIDER: z
      .enum(PAY_PROVIDERS, { message: `PAY_PROVIDER must be one of: ${PAY_PROVIDERS.join(', ')}` })
      .default('sandbox'),
    SANDBOX_PAY_KEY: z
      .string()
      .min(8, 'SANDBOX_PAY_KEY must have at least 8 characters')
      .default(DEFAULT_SANDBOX_PAY_KEY),
    WECHAT_APP_ID: optionalText,
    WECHAT_APP_SECRET: optionalText,
    WECHAT_API_BASE: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/, 'WECHAT_API_BASE must be an absolute http(s) URL')
      .default('https://api.weixin.qq.com'),
    WECHAT_OAUTH_AUTHORIZE_URL: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/, 'WECHAT_OAUTH_AUTHORIZE_URL must be an absolute http(s) URL')
      .default('https://open.weixin.qq.com/connect/oauth2/authorize'),
    WECHAT_PAY_APP_ID: optionalText,
    WECHAT_PAY_MINI_APP_ID: optionalText,
    WECHAT_PAY_MCH_ID: optionalText,
    WECHAT_PAY_API_V3_KEY: optionalText.refine((v) => v === undefined || v.length === 32, {
      message: 'WECHAT_PAY_API_V3_KEY must have 32 characters',
    }),
    WECHAT_PAY_SERIAL_NO: optionalText,
    WECHAT_PAY_PRIVATE_KEY: optionalText,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY: optionalText,
    WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID: optionalText,
    WECHAT_PAY_NOTIFY_URL: optionalText.refine((v) => v === undefined || /^https:\/\/[^/\s]+/.test(v), {
      message: 'WECHAT_PAY_NOTIFY_URL must be an https URL',
    }),
    WECHAT_PAY_API_BASE: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/, 'WECHAT_PAY_API_BASE must be an absolute http(s) URL')
      .default('https://api.mch.weixin.qq.com'),
    WECHAT_PAY_REFUND_NOTIFY_URL: optionalText.refine((v) => v === undefined || /^https:\/\/[^/\s]+/.test(v), {
      message: 'WECHAT_PAY_REFUND_NOTIFY_URL must be an https URL',
    }),
    MINI_LOGIN_PROVIDER: z
      .enum(MINI_LOGIN_PROVIDERS, { message: `MINI_LOGIN_PROVIDER must be one of: ${MINI_LOGIN_PROVIDERS.join(', ')}` })
      .default('sandbox'),
    WECHAT_MINI_APP_ID: optionalText,
    WECHAT_MINI_APP_SECRET: optionalText,
    BAIDU_SWAN_APP_KEY: optionalText,
    BAIDU_SWAN_APP_SECRET: optionalText,
    BAIDU_SWAN_API_BASE: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/, 'BAIDU_SWAN_API_BASE must be an absolute http(s) URL')
      .default('https://spapi.baidu.com'),
    BAIDU_PAY_APP_KEY: optionalText,
    BAIDU_PAY_DEAL_ID: optionalText,
    BAIDU_PAY_PRIVATE_KEY: optionalText,
    BAIDU_PAY_PUBLIC_KEY: optionalText,
    BAIDU_PAY_REFUND_BASE: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/, 'BAIDU_PAY_REFUND_BASE must be an absolute http(s) URL')
      .default('https://etrade-api.baidu.com'),
    BAIDU_PAY_OPENAPI_BASE: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/, 'BAIDU_PAY_OPENAPI_BASE must be an absolute http(s) URL')
      .default('https://openapi.baidu.com'),
    OPS_KEY: z.string().min(16, 'OPS_KEY must have at least 16 characters').default(DEFAULT_OPS_KEY),
    UPLOAD_SECRET: z.string().min(16, 'UPLOAD_SECRET must have at least 16 characters').default(DEFAULT_UPLOAD_SECRET),
    UPLOAD_MAX_MB: intFrom('UPLOAD_MAX_MB', 5, 1, 50),
    OSS_HOST: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/\s]+\/?$/.test(v), {
      message: 'OSS_HOST must be the bucket origin, e.g. https://bucket.oss-cn-hangzhou.aliyuncs.com',
    }),
    OSS_ACCESS_ID: optionalText,
    OSS_ACCESS_SECRET: optionalText,
    ESIGN_PROVIDER: z
      .enum(ESIGN_PROVIDERS, { message: `ESIGN_PROVIDER must be one of: ${ESIGN_PROVIDERS.join(', ')}` })
      .default('sandbox'),
    ESIGN_APP_ID: optionalText,
    ESIGN_APP_SECRET: optionalText,
    ESIGN_CALLBACK_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/\s]+\/\S+$/.test(v), {
      message: 'ESIGN_CALLBACK_URL must be an absolute http(s) URL with a path, e.g. https://shop.example/esign/notify',
    }),
    ESIGN_API_BASE: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/, 'ESIGN_API_BASE must be an absolute http(s) URL')
      .default('https://openapi.esign.cn'),
    ESIGN_TIMEOUT_MS: intFrom('ESIGN_TIMEOUT_MS', 10_000, 100, 120_000),
    ESIGN_FILE_POLL_MS: intFrom('ESIGN_FILE_POLL_MS', 1000, 1, 60_000),
    CARD_CODE_KEY: z.string().min(16, 'CARD_CODE_KEY must have at least 16 characters').default(DEFAULT_CARD_CODE_KEY),
    NOTIFY_PROVIDER: z
      .enum(NOTIFY_PROVIDERS, { message: `NOTIFY_PROVIDER must be one of: ${NOTIFY_PROVIDERS.join(', ')}` })
      .default('sandbox'),
    NOTIFY_WECHAT_STATE: z
      .enum(['formal', 'trial', 'developer'], { message: 'NOTIFY_WECHAT_STATE must be formal, trial or developer' })
      .default('formal'),
    NOTIFY_BAIDU_API_BASE: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+/, 'NOTIFY_BAIDU_API_BASE must be an absolute http(s) URL')
      .default('https://openapi.baidu.com'),
    NOTIFY_SWEEP_SECONDS: intFrom('NOTIFY_SWEEP_SECONDS', 10, 1, 3600),
  })
  .superRefine((e, ctx) => {
    // e签宝: app id, secret and callback URL together; ESIGN_PROVIDER=esign needs them, and they mean nothing without it.
    const esign = {
      ESIGN_APP_ID: e.ESIGN_APP_ID,
      ESIGN_APP_SECRET: e.ESIGN_APP_SECRET,
      ESIGN_CALLBACK_URL: e.ESIGN_CALLBACK_URL,
    };
    const esignSet = allOrNone(ctx, esign, 'e签宝 e-sign');
    if (e.ESIGN_PROVIDER === 'esign' && esignSet === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['ESIGN_PROVIDER'],
        message: 'ESIGN_PROVIDER=esign needs ESIGN_APP_ID, ESIGN_APP_SECRET and ESIGN_CALLBACK_URL',
      });
    }
    // e签宝 sends the customer back to the order on our public origin; without it the customer is left on its page.
    if (e.ESIGN_PROVIDER === 'esign' && !e.PUBLIC_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_BASE_URL'],
        message: "ESIGN_PROVIDER=esign needs PUBLIC_BASE_URL: e签宝's page sends the customer back to the order there",
      });
    }
    if (e.ESIGN_PROVIDER === 'sandbox' && esignSet === 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['ESIGN_PROVIDER'],
        message:
          'ESIGN_APP_ID and the others are set but ESIGN_PROVIDER is sandbox: set ESIGN_PROVIDER=esign (or unset them)',
      });
    }
    checkSmsEnv(e, ctx);
    // Aliyun OSS needs all three; some but not all is a typo, not the local storage host.
    const oss = { OSS_HOST: e.OSS_HOST, OSS_ACCESS_ID: e.OSS_ACCESS_ID, OSS_ACCESS_SECRET: e.OSS_ACCESS_SECRET };
    const set = Object.values(oss).filter(Boolean).length;
    if (set > 0 && set < 3) {
      for (const [name, value] of Object.entries(oss)) {
        if (!value)
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message:
              'OSS_HOST, OSS_ACCESS_ID and OSS_ACCESS_SECRET must be set together (all unset: the server stores uploads itself)',
          });
      }
    }
    // An official account needs both halves; one without the other is a typo, not demo mode.
    // WeChat Pay: every merchant field or none (a half configuration would take orders it cannot verify), and an AppID.
    const pay = {
      WECHAT_PAY_MCH_ID: e.WECHAT_PAY_MCH_ID,
      WECHAT_PAY_SERIAL_NO: e.WECHAT_PAY_SERIAL_NO,
      WECHAT_PAY_PRIVATE_KEY: e.WECHAT_PAY_PRIVATE_KEY,
      WECHAT_PAY_API_V3_KEY: e.WECHAT_PAY_API_V3_KEY,
      WECHAT_PAY_PLATFORM_PUBLIC_KEY: e.WECHAT_PAY_PLATFORM_PUBLIC_KEY,
      WECHAT_PAY_NOTIFY_URL: e.WECHAT_PAY_NOTIFY_URL,
    };
    const paySet = allOrNone(ctx, pay, 'WeChat Pay');
    if (paySet > 0 && !e.WECHAT_PAY_APP_ID && !e.WECHAT_PAY_MINI_APP_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_PAY_APP_ID'],
        message: 'WeChat Pay needs WECHAT_PAY_APP_ID (official account) or WECHAT_PAY_MINI_APP_ID (mini-program)',
      });
    }
    // Refund results need a way back: named, or the payment notify URL's /pay/notify/wechat turned into
    // /refund/notify/wechat.
    if (
      paySet > 0 &&
      e.WECHAT_PAY_NOTIFY_URL &&
      !e.WECHAT_PAY_REFUND_NOTIFY_URL &&
      !wechatRefundNotifyUrl(e.WECHAT_PAY_NOTIFY_URL)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_PAY_REFUND_NOTIFY_URL'],
        message:
          'WECHAT_PAY_REFUND_NOTIFY_URL is missing: WECHAT_PAY_NOTIFY_URL does not end in /pay/notify/wechat, so where refund results go cannot be derived',
      });
    }
    if (e.WECHAT_PAY_REFUND_NOTIFY_URL && paySet === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_PAY_REFUND_NOTIFY_URL'],
        message: 'WECHAT_PAY_REFUND_NOTIFY_URL is set but WeChat Pay is not (WECHAT_PAY_MCH_ID and the others)',
      });
    }
    // Baidu pay: the four payment fields or none, and the smart program's App Key / App Secret (BAIDU_SWAN_*, as for
    // its login) with them: the open API's access_token asks Baidu about payments and finds the order a refund needs.
    const baidu = {
      BAIDU_PAY_APP_KEY: e.BAIDU_PAY_APP_KEY,
      BAIDU_PAY_DEAL_ID: e.BAIDU_PAY_DEAL_ID,
      BAIDU_PAY_PRIVATE_KEY: e.BAIDU_PAY_PRIVATE_KEY,
      BAIDU_PAY_PUBLIC_KEY: e.BAIDU_PAY_PUBLIC_KEY,
    };
    const baiduSet = allOrNone(ctx, baidu, 'Baidu pay');
    if (baiduSet > 0 && !(e.BAIDU_SWAN_APP_KEY && e.BAIDU_SWAN_APP_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['BAIDU_SWAN_APP_KEY'],
        message:
          "Baidu pay needs BAIDU_SWAN_APP_KEY and BAIDU_SWAN_APP_SECRET (the smart program's, for the open API access_token of order queries and refunds)",
      });
    }
    // Mini-program login (providers/mini-login.ts): each app's id and secret together, and live needs one app.
    for (const [id, secret, what] of [
      ['WECHAT_MINI_APP_ID', 'WECHAT_MINI_APP_SECRET', 'WeChat mini-program login'],
      ['BAIDU_SWAN_APP_KEY', 'BAIDU_SWAN_APP_SECRET', 'Baidu smart-program login'],
    ] as const) {
      if (Boolean(e[id]) !== Boolean(e[secret])) {
        ctx.addIssue({
          code: 'custom',
          path: [e[id] ? secret : id],
          message: `${id} and ${secret} must be set together (both unset: ${what} off)`,
        });
      }
    }
    if (
      e.MINI_LOGIN_PROVIDER === 'live' &&
      !(e.WECHAT_MINI_APP_ID && e.WECHAT_MINI_APP_SECRET) &&
      !(e.BAIDU_SWAN_APP_KEY && e.BAIDU_SWAN_APP_SECRET)
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['MINI_LOGIN_PROVIDER'],
        message:
          'MINI_LOGIN_PROVIDER=live needs WECHAT_MINI_APP_ID/WECHAT_MINI_APP_SECRET or BAIDU_SWAN_APP_KEY/BAIDU_SWAN_APP_SECRET',
      });
    }
    // The mini-program pays with the openid its login gave, which belongs to WECHAT_MINI_APP_ID only.
    if (e.WECHAT_MINI_APP_ID && e.WECHAT_PAY_MINI_APP_ID && e.WECHAT_MINI_APP_ID !== e.WECHAT_PAY_MINI_APP_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_PAY_MINI_APP_ID'],
        message: 'WECHAT_PAY_MINI_APP_ID must be WECHAT_MINI_APP_ID: the mini-program pays with the openid of that app',
      });
    }
    if (Boolean(e.WECHAT_APP_ID) !== Boolean(e.WECHAT_APP_SECRET)) {
      const missing = e.WECHAT_APP_ID ? 'WECHAT_APP_SECRET' : 'WECHAT_APP_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message:
          'WECHAT_APP_ID and WECHAT_APP_SECRET must be set together (both unset: JS-SDK signing and WeChat OAuth off)',
      });
    }
    // The WeChat browser pays with the openid its OAuth gave, which belongs to WECHAT_APP_ID only.
    if (e.WECHAT_APP_ID && e.WECHAT_PAY_APP_ID && e.WECHAT_APP_ID !== e.WECHAT_PAY_APP_ID) {
      ctx.addIssue({
        code: 'custom',
        path: ['WECHAT_PAY_APP_ID'],
        message:
          'WECHAT_PAY_APP_ID must be WECHAT_APP_ID: the WeChat browser pays with the openid of that official account',
      });
    }
  });

/** Refund results go next to payment results: https://host/pay/notify/wechat -> https://host/refund/notify/wechat. */
export function wechatRefundNotifyUrl(payNotifyUrl: string): string | undefined {
  const m = /^(.*)\/pay\/notify\/wechat\/?$/.exec(payNotifyUrl);
  return m ? `${m[1]}/refund/notify/wechat` : undefined;
}

export interface Config {
  port: number;
  host: string;
  /** Set: PostgreSQL through `pg`; unset: PGlite in dataDir. */
  databaseUrl?: string;
  /** PostgreSQL connections per process (DATABASE_POOL_MAX, default 10; docs/deployment.md). */
  poolMax: number;
  /** SIGTERM: how long in-flight requests may take before the process exits anyway (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  dataDir: string;
  signKey: string;
  h5Dist: string;
  /** The operator console's build; unset: admin/dist. */
  adminDist?: string;
  smsProvider: (typeof SMS_PROVIDERS)[number];
  /** The SMS vendor's keys, sign name and templates (providers/sms-config.ts); unset for `log`. */
  smsVendor?: SmsVendorSettings;
  sessionTtlDays: number;
  publicBaseUrl?: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Fastify trustProxy: which X-Forwarded-For hops to believe, so request.ip is the real client behind a proxy. */
  trustProxy: boolean | string;
  /**
   * Rate limits (runtime/limits.ts): SMS codes per client IP per hour and overall per minute, entrances per IP per
   * minute.
   */
  limits: { smsPerIpPerHour: number; smsPerMinute: number; entrancePerIpPerMinute: number };
  payProvider: (typeof PAY_PROVIDERS)[number];
  sandboxPayKey: string;
  /** The WeChat official account whose jsapi_ticket signs the JS-SDK on H5 (both unset: off, as in demo mode). */
  /**
   * Also the WeChat browser's OAuth (providers/wechat-oauth.ts): authorizeUrl is WeChat's authorize page (a local fake
   * in the e2e).
   */
  wechatMp: { appId?: string; appSecret?: string; apiBase: string; authorizeUrl: string };
  /**
   * WeChat Pay API v3; every field unset means WeChat Pay is off. Keys are PEM text (with real or escaped newlines) or
   * a file path.
   */
  wechatPay: {
    appId?: string;
    miniAppId?: string;
    mchId?: string;
    apiV3Key?: string;
    serialNo?: string;
    privateKey?: string;
    platformPublicKey?: string;
    /** The platform public key's id (Wechatpay-Serial of what WeChat signs with it). */
    platformPublicKeyId?: string;
    /** Where WeChat posts payment notifications: PUBLIC https origin + /pay/notify/wechat. */
    notifyUrl?: string;
    /** https://api.mch.weixin.qq.com (a local fake in tests). */
    apiBase: string;
    /** Where WeChat posts refund results (WECHAT_PAY_REFUND_NOTIFY_URL, or derived from notifyUrl). */
    refundNotifyUrl?: string;
  };
  /**
   * Mini-program login (providers/mini-login.ts): sandbox answers every code itself (demo, DevTools); live asks
   * WeChat (wechat set) and Baidu (baidu set). apiBase: the platform's API host (a local fake in tests).
   */
  miniLogin: {
    provider: (typeof MINI_LOGIN_PROVIDERS)[number];
    wechat?: { appId: string; appSecret: string; apiBase: string };
    baidu?: { appKey: string; appSecret: string; apiBase: string };
  };
  /**
   * Baidu smart-program polymer payment (百度收银台); every field unset means it is off. appKey is the pay
   * service's appKey (pmAppKey); clientId / clientSecret the smart program's App Key / App Secret (BAIDU_SWAN_*),
   * for the open API's access_token. refundBase (refunds) and openapiBase (token, order query) are Baidu's hosts, fakes
   * in tests.
   */
  baiduPay: {
    appKey?: string;
    dealId?: string;
    privateKey?: string;
    publicKey?: string;
    clientId?: string;
    clientSecret?: string;
    refundBase: string;
    openapiBase: string;
  };
  /** Bearer key of the operator routes (/ops/...). */
  opsKey: string;
  /** HMAC key of the stored card secrets; changing it makes every stored code unredeemable. */
  cardCodeKey: string;
  /**
   * Image uploads (domains/upload/service.ts): the server itself is a POST-policy storage host (files under
   * DATA_DIR/uploads, policies signed with `secret`) unless Aliyun OSS is configured.
   */
  storage: { secret: string; maxBytes: number; oss?: { host: string; accessId: string; accessSecret: string } };
  /** Contract e-signature (domains/order/providers/esign.ts): the sandbox page, or e签宝 when tsign is set. */
  esign: {
    provider: (typeof ESIGN_PROVIDERS)[number];
    tsign?: {
      appId: string;
      appSecret: string;
      apiBase: string;
      callbackUrl: string;
      timeoutMs: number;
      filePollMs: number;
      filePolls: number;
    };
  };
  /**
   * Notices about the customer's money (domains/notification): sandbox records them for /sandbox/notifications;
   * live sends them by WeChat subscribe message, Baidu subscribe message or SMS (docs/providers.md).
   */
  notify: {
    provider: (typeof NOTIFY_PROVIDERS)[number];
    sweepMs: number;
    wechat?: {
      appId: string;
      appSecret: string;
      apiBase: string;
      state: 'formal' | 'trial' | 'developer';
      templates: NoticeTemplates;
    };
    baidu?: { clientId: string; clientSecret: string; apiBase: string; templates: NoticeTemplates };
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the settings from `env`; throws a ConfigError listing every problem at once. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "not set", as in most shells' `FOO= cmd`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  const noticeProblems: string[] = [];
  const wechatNotices = readTemplates(present, 'WECHAT', (name, m) => noticeProblems.push(`${name}: ${m}`));
  const baiduNotices = readTemplates(present, 'BAIDU', (name, m) => noticeProblems.push(`${name}: ${m}`));
  if (wechatNotices && !(present.WECHAT_MINI_APP_ID && present.WECHAT_MINI_APP_SECRET))
    noticeProblems.push('NOTIFY_WECHAT_PAID: WeChat notices need WECHAT_MINI_APP_ID and WECHAT_MINI_APP_SECRET');
  if (baiduNotices && !(present.BAIDU_SWAN_APP_KEY && present.BAIDU_SWAN_APP_SECRET))
    noticeProblems.push('NOTIFY_BAIDU_PAID: Baidu notices need BAIDU_SWAN_APP_KEY and BAIDU_SWAN_APP_SECRET');
  if (!parsed.success || noticeProblems.length > 0) {
    throw new ConfigError([
      ...(parsed.error?.issues ?? []).map((issue) => {
        const name = String(issue.path[0] ?? '');
        const got = present[name];
        return `${name}: ${issue.message}${got !== undefined ? ` (got "${got}")` : ''}`;
      }),
      ...noticeProblems,
    ]);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    poolMax: e.DATABASE_POOL_MAX,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    dataDir: e.DATA_DIR,
    signKey: e.SIGN_KEY,
    h5Dist: e.H5_DIST,
    adminDist: e.ADMIN_DIST,
    smsProvider: e.SMS_PROVIDER,
    smsVendor: smsVendorSettings(e),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    limits: {
      smsPerIpPerHour: e.SMS_PER_IP_PER_HOUR,
      smsPerMinute: e.SMS_PER_MINUTE,
      entrancePerIpPerMinute: e.ENTRANCE_PER_IP_PER_MINUTE,
    },
    payProvider: e.PAY_PROVIDER,
    sandboxPayKey: e.SANDBOX_PAY_KEY,
    wechatMp: {
      appId: e.WECHAT_APP_ID,
      appSecret: e.WECHAT_APP_SECRET,
      apiBase: e.WECHAT_API_BASE.replace(/\/+$/, ''),
      authorizeUrl: e.WECHAT_OAUTH_AUTHORIZE_URL,
    },
    wechatPay: {
      appId: e.WECHAT_PAY_APP_ID,
      miniAppId: e.WECHAT_PAY_MINI_APP_ID,
      mchId: e.WECHAT_PAY_MCH_ID,
      apiV3Key: e.WECHAT_PAY_API_V3_KEY,
      serialNo: e.WECHAT_PAY_SERIAL_NO,
      privateKey: e.WECHAT_PAY_PRIVATE_KEY,
      platformPublicKey: e.WECHAT_PAY_PLATFORM_PUBLIC_KEY,
      platformPublicKeyId: e.WECHAT_PAY_PLATFORM_PUBLIC_KEY_ID,
      notifyUrl: e.WECHAT_PAY_NOTIFY_URL,
      apiBase: e.WECHAT_PAY_API_BASE.replace(/\/+$/, ''),
      refundNotifyUrl:
        e.WECHAT_PAY_REFUND_NOTIFY_URL ??
        (e.WECHAT_PAY_NOTIFY_URL ? wechatRefundNotifyUrl(e.WECHAT_PAY_NOTIFY_URL) : undefined),
    },
    miniLogin: {
      provider: e.MINI_LOGIN_PROVIDER,
      wechat:
        e.WECHAT_MINI_APP_ID && e.WECHAT_MINI_APP_SECRET
          ? {
              appId: e.WECHAT_MINI_APP_ID,
              appSecret: e.WECHAT_MINI_APP_SECRET,
              apiBase: e.WECHAT_API_BASE.replace(/\/+$/, ''),
            }
          : undefined,
      baidu:
        e.BAIDU_SWAN_APP_KEY && e.BAIDU_SWAN_APP_SECRET
          ? {
              appKey: e.BAIDU_SWAN_APP_KEY,
              appSecret: e.BAIDU_SWAN_APP_SECRET,
              apiBase: e.BAIDU_SWAN_API_BASE.replace(/\/+$/, ''),
            }
          : undefined,
    },
    baiduPay: {
      appKey: e.BAIDU_PAY_APP_KEY,
      dealId: e.BAIDU_PAY_DEAL_ID,
      privateKey: e.BAIDU_PAY_PRIVATE_KEY,
      publicKey: e.BAIDU_PAY_PUBLIC_KEY,
      clientId: e.BAIDU_SWAN_APP_KEY,
      clientSecret: e.BAIDU_SWAN_APP_SECRET,
      refundBase: e.BAIDU_PAY_REFUND_BASE.replace(/\/+$/, ''),
      openapiBase: e.BAIDU_PAY_OPENAPI_BASE.replace(/\/+$/, ''),
    },
    opsKey: e.OPS_KEY,
    cardCodeKey: e.CARD_CODE_KEY,
    esign: {
      provider: e.ESIGN_PROVIDER,
      tsign:
        e.ESIGN_APP_ID && e.ESIGN_APP_SECRET && e.ESIGN_CALLBACK_URL
          ? {
              appId: e.ESIGN_APP_ID,
              appSecret: e.ESIGN_APP_SECRET,
              apiBase: e.ESIGN_API_BASE.replace(/\/+$/, ''),
              callbackUrl: e.ESIGN_CALLBACK_URL,
              timeoutMs: e.ESIGN_TIMEOUT_MS,
              filePollMs: e.ESIGN_FILE_POLL_MS,
              filePolls: 10,
            }
          : undefined,
    },
    storage: {
      secret: e.UPLOAD_SECRET,
      maxBytes: e.UPLOAD_MAX_MB * 1024 * 1024,
      oss:
        e.OSS_HOST && e.OSS_ACCESS_ID && e.OSS_ACCESS_SECRET
          ? { host: e.OSS_HOST.replace(/\/+$/, ''), accessId: e.OSS_ACCESS_ID, accessSecret: e.OSS_ACCESS_SECRET }
          : undefined,
    },
    notify: {
      provider: e.NOTIFY_PROVIDER,
      sweepMs: e.NOTIFY_SWEEP_SECONDS * 1000,
      wechat:
        wechatNotices && e.WECHAT_MINI_APP_ID && e.WECHAT_MINI_APP_SECRET
          ? {
              appId: e.WECHAT_MINI_APP_ID,
              appSecret: e.WECHAT_MINI_APP_SECRET,
              apiBase: e.WECHAT_API_BASE.replace(/\/+$/, ''),
              state: e.NOTIFY_WECHAT_STATE,
              templates: wechatNotices,
            }
          : undefined,
      baidu:
        baiduNotices && e.BAIDU_SWAN_APP_KEY && e.BAIDU_SWAN_APP_SECRET
          ? {
              clientId: e.BAIDU_SWAN_APP_KEY,
              clientSecret: e.BAIDU_SWAN_APP_SECRET,
              apiBase: e.NOTIFY_BAIDU_API_BASE.replace(/\/+$/, ''),
              templates: baiduNotices,
            }
          : undefined,
    },
  };
}
