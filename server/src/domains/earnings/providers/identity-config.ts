/**
 * The live real-name verifier's settings (IDENTITY_PROVIDER=tencent: Tencent Cloud faceid IdCardVerification),
 * checked with the earnings settings at start-up: its SecretId and SecretKey together, and neither without it.
 */
import { z } from 'zod';

/** sandbox: offline checks and a deterministic mismatch (identity.ts); tencent: faceid 身份信息认证. */
export const IDENTITY_PROVIDERS = ['sandbox', 'tencent'] as const;
export type IdentityProviderName = (typeof IDENTITY_PROVIDERS)[number];

const text = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

export const IDENTITY_ENV = {
  IDENTITY_PROVIDER: z
    .enum(IDENTITY_PROVIDERS, { message: `must be one of: ${IDENTITY_PROVIDERS.join(', ')}` })
    .default('sandbox'),
  TENCENT_FACEID_SECRET_ID: text,
  TENCENT_FACEID_SECRET_KEY: text,
  TENCENT_FACEID_API_BASE: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/\s]+/, 'must be an absolute http(s) URL')
    .default('https://faceid.tencentcloudapi.com')
    .transform((v) => v.replace(/\/+$/, '')),
  IDENTITY_TIMEOUT_MS: z
    .string()
    .default('10000')
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 100 && Number(v) <= 60_000, {
      message: 'must be an integer from 100 to 60000',
    })
    .transform(Number),
};

type IdentityEnv = { [K in keyof typeof IDENTITY_ENV]: z.output<(typeof IDENTITY_ENV)[K]> };

export interface TencentFaceidSettings {
  secretId: string;
  secretKey: string;
  apiBase: string;
  timeoutMs: number;
}

const KEYS = ['TENCENT_FACEID_SECRET_ID', 'TENCENT_FACEID_SECRET_KEY'] as const;

/** What is wrong across the variables, as `NAME: message` lines (none: fine). */
export function identityProblems(e: IdentityEnv): string[] {
  const out: string[] = [];
  for (const name of KEYS) {
    if (e.IDENTITY_PROVIDER === 'tencent' && !e[name])
      out.push(`${name}: is missing: IDENTITY_PROVIDER=tencent needs ${KEYS.join(', ')}`);
    // Named under IDENTITY_PROVIDER, and without the value: a stray key is a secret.
    if (e.IDENTITY_PROVIDER !== 'tencent' && e[name])
      out.push(`IDENTITY_PROVIDER: ${name} is set but IDENTITY_PROVIDER is ${e.IDENTITY_PROVIDER}`);
  }
  return out;
}

export function tencentFaceidSettings(e: IdentityEnv): TencentFaceidSettings | undefined {
  if (e.IDENTITY_PROVIDER !== 'tencent' || !e.TENCENT_FACEID_SECRET_ID || !e.TENCENT_FACEID_SECRET_KEY)
    return undefined;
  return {
    secretId: e.TENCENT_FACEID_SECRET_ID,
    secretKey: e.TENCENT_FACEID_SECRET_KEY,
    apiBase: e.TENCENT_FACEID_API_BASE,
    timeoutMs: e.IDENTITY_TIMEOUT_MS,
  };
}
