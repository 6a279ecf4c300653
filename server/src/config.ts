/**
 * Every server setting, read from the environment and checked once at start-up. The defaults are demo mode:
 * embedded PGlite in ./data, the demo signing key and SMS codes written to the log.
 * `loadConfig` is pure (env in, config out) so tests build configs without touching process.env.
 */
import { z } from 'zod';
import { DEFAULT_SIGN_KEY } from '../../contract/signature';

export const SMS_PROVIDERS = ['log'] as const;
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const intFrom = (name: string, fallback: number, min: number, max: number) =>
  z
    .string()
    .default(String(fallback))
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max, {
      message: `${name} must be an integer from ${min} to ${max}`,
    })
    .transform((v) => Number(v));

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

const envSchema = z.object({
  PORT: intFrom('PORT', 3000, 1, 65535),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATABASE_URL: optionalText.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'DATABASE_URL must start with postgres:// or postgresql:// (leave it unset for the embedded PGlite)',
  }),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  SIGN_KEY: z.string().min(8, 'SIGN_KEY must have at least 8 characters').default(DEFAULT_SIGN_KEY),
  H5_DIST: z.string().trim().min(1).default('dist/h5'),
  SMS_PROVIDER: z.enum(SMS_PROVIDERS, { message: `SMS_PROVIDER must be one of: ${SMS_PROVIDERS.join(', ')}` }).default('log'),
  SESSION_TTL_DAYS: intFrom('SESSION_TTL_DAYS', 30, 1, 3650),
  PUBLIC_BASE_URL: optionalText.refine((v) => v === undefined || /^https?:\/\/[^/\s]+/.test(v), {
    message: 'PUBLIC_BASE_URL must be an absolute http(s) URL',
  }),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `LOG_LEVEL must be one of: ${LOG_LEVELS.join(', ')}` }).default('info'),
});

export interface Config {
  port: number;
  host: string;
  /** Set: PostgreSQL through `pg`; unset: PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  signKey: string;
  h5Dist: string;
  smsProvider: (typeof SMS_PROVIDERS)[number];
  sessionTtlDays: number;
  publicBaseUrl?: string;
  logLevel: (typeof LOG_LEVELS)[number];
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
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '');
        const got = present[name];
        return `${name}: ${issue.message}${got !== undefined ? ` (got "${got}")` : ''}`;
      }),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    signKey: e.SIGN_KEY,
    h5Dist: e.H5_DIST,
    smsProvider: e.SMS_PROVIDER,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    publicBaseUrl: e.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
  };
}
