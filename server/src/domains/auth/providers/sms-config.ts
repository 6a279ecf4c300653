/**
 * The live SMS vendors' settings (SMS_PROVIDER aliyun or tencent), checked by config.ts at start-up: a vendor needs
 * its keys, the sign name and one approved template per message kind (the login code and each notice); any of them
 * given for another provider (or for `log`) is a mistake, refused with the names of what is wrong.
 */
import { z } from 'zod';
import type { SmsNoticeKind } from './sms';

export type SmsMessageKind = 'code' | SmsNoticeKind;

/** The template variable of each message kind. */
export const SMS_TEMPLATE_VARS: Record<SmsMessageKind, string> = {
  code: 'SMS_TEMPLATE_CODE',
  paid: 'SMS_TEMPLATE_PAID',
  refundResult: 'SMS_TEMPLATE_REFUND_RESULT',
  shipped: 'SMS_TEMPLATE_SHIPPED',
  withdrawalResult: 'SMS_TEMPLATE_WITHDRAWAL_RESULT',
  instalmentDue: 'SMS_TEMPLATE_INSTALMENT_DUE',
};
// sms.ts imports the adapters, which import this file: the kinds come from the table above, not from sms.ts.
const MESSAGE_KINDS = Object.keys(SMS_TEMPLATE_VARS) as SmsMessageKind[];

/** What a login code's template may show: the code and how many minutes it is valid. */
export const SMS_CODE_PARAMS = ['code', 'minutes'] as const;
/** The `minutes` a code template shows: phone-login.ts's CODE_TTL_MS (a test keeps them equal). */
export const SMS_CODE_MINUTES = '5';

const ALIYUN_VARS = ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET'] as const;
const TENCENT_VARS = ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID'] as const;
const COMMON_VARS = ['SMS_SIGN_NAME', ...Object.values(SMS_TEMPLATE_VARS)];

const text = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));
const url = (name: string, fallback: string) =>
  z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/\s]+/, `${name} must be an absolute http(s) URL`)
    .default(fallback)
    .transform((v) => v.replace(/\/+$/, ''));
/** `<template id>` or `<template id>:<variable>,<variable>`: which named values fill the template, in order. */
const TEMPLATE = /^[A-Za-z0-9_-]+(:[A-Za-z][A-Za-z0-9_]*(,[A-Za-z][A-Za-z0-9_]*)*)?$/;
const template = (name: string) =>
  text.refine((v) => v === undefined || TEMPLATE.test(v), {
    message: `${name} must be a template id, optionally followed by :name,name (the variables in the template's order)`,
  });

export const SMS_ENV = {
  SMS_SIGN_NAME: text,
  SMS_TEMPLATE_CODE: template('SMS_TEMPLATE_CODE').refine(
    (v) =>
      !v?.includes(':') ||
      v
        .split(':')[1]
        .split(',')
        .every((p) => (SMS_CODE_PARAMS as readonly string[]).includes(p)),
    { message: `SMS_TEMPLATE_CODE's variables can only be ${SMS_CODE_PARAMS.join(', ')}` },
  ),
  SMS_TEMPLATE_PAID: template('SMS_TEMPLATE_PAID'),
  SMS_TEMPLATE_REFUND_RESULT: template('SMS_TEMPLATE_REFUND_RESULT'),
  SMS_TEMPLATE_SHIPPED: template('SMS_TEMPLATE_SHIPPED'),
  SMS_TEMPLATE_WITHDRAWAL_RESULT: template('SMS_TEMPLATE_WITHDRAWAL_RESULT'),
  SMS_TEMPLATE_INSTALMENT_DUE: template('SMS_TEMPLATE_INSTALMENT_DUE'),
  SMS_TIMEOUT_MS: z
    .string()
    .default('5000')
    .refine((v) => /^\d+$/.test(v.trim()) && Number(v) >= 100 && Number(v) <= 60_000, {
      message: 'SMS_TIMEOUT_MS must be an integer from 100 to 60000',
    })
    .transform(Number),
  ALIYUN_SMS_ACCESS_KEY_ID: text,
  ALIYUN_SMS_ACCESS_KEY_SECRET: text,
  ALIYUN_SMS_API_BASE: url('ALIYUN_SMS_API_BASE', 'https://dysmsapi.aliyuncs.com'),
  TENCENT_SMS_SECRET_ID: text,
  TENCENT_SMS_SECRET_KEY: text,
  TENCENT_SMS_SDK_APP_ID: text.refine((v) => v === undefined || /^\d+$/.test(v), {
    message: 'TENCENT_SMS_SDK_APP_ID must be the SMS application id (digits, 1400...)',
  }),
  TENCENT_SMS_REGION: z
    .string()
    .trim()
    .regex(/^[a-z]+-[a-z]+(-\d+)?$/, 'TENCENT_SMS_REGION must be a region such as ap-guangzhou')
    .default('ap-guangzhou'),
  TENCENT_SMS_API_BASE: url('TENCENT_SMS_API_BASE', 'https://sms.tencentcloudapi.com'),
};

type SmsEnv = { SMS_PROVIDER: string } & { [K in keyof typeof SMS_ENV]: z.output<(typeof SMS_ENV)[K]> };

export interface SmsTemplate {
  id: string;
  /** The variables filled, in the template's order; unset: the code template takes `code`, a notice every value. */
  params?: string[];
}
interface SmsVendorCommon {
  signName: string;
  templates: Record<SmsMessageKind, SmsTemplate>;
  timeoutMs: number;
}
export type AliyunSmsSettings = SmsVendorCommon & {
  vendor: 'aliyun';
  accessKeyId: string;
  accessKeySecret: string;
  apiBase: string;
};
export type TencentSmsSettings = SmsVendorCommon & {
  vendor: 'tencent';
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  region: string;
  apiBase: string;
};
export type SmsVendorSettings = AliyunSmsSettings | TencentSmsSettings;

const issue = (ctx: z.RefinementCtx, name: string, message: string) =>
  ctx.addIssue({ code: 'custom', path: [name], message });

/** The checks across variables (config.ts's superRefine). */
export function checkSmsEnv(e: SmsEnv, ctx: z.RefinementCtx): void {
  const own = e.SMS_PROVIDER === 'aliyun' ? ALIYUN_VARS : e.SMS_PROVIDER === 'tencent' ? TENCENT_VARS : [];
  if (own.length) {
    const needed = [...own, ...COMMON_VARS];
    const missing = needed.filter((name) => !e[name as keyof SmsEnv]);
    for (const name of missing)
      issue(ctx, name, `${name} is missing: SMS_PROVIDER=${e.SMS_PROVIDER} needs ${needed.join(', ')}`);
    if (e.SMS_PROVIDER === 'tencent')
      for (const kind of MESSAGE_KINDS) {
        const name = SMS_TEMPLATE_VARS[kind];
        const id = (e[name as keyof SmsEnv] as string | undefined)?.split(':')[0];
        if (id && !/^\d+$/.test(id)) issue(ctx, name, `${name}: a Tencent Cloud template id is digits`);
      }
  }
  // A vendor's variables without that vendor chosen: the provider was forgotten, or the wrong keys are set.
  const stray = [
    ...(e.SMS_PROVIDER === 'aliyun' ? [] : ALIYUN_VARS),
    ...(e.SMS_PROVIDER === 'tencent' ? [] : TENCENT_VARS),
    ...(own.length ? [] : COMMON_VARS),
  ].filter((name) => e[name as keyof SmsEnv]);
  // Reported under SMS_PROVIDER: the problem list echoes a variable's value, and these may be secrets.
  for (const name of stray) issue(ctx, 'SMS_PROVIDER', `${name} is set but SMS_PROVIDER is ${e.SMS_PROVIDER}`);
}

function templateOf(value: string): SmsTemplate {
  const [id, params] = value.split(':');
  return params ? { id, params: params.split(',') } : { id };
}

/** The chosen vendor's settings, or undefined for `log` (checkSmsEnv has passed). */
export function smsVendorSettings(e: SmsEnv): SmsVendorSettings | undefined {
  if (e.SMS_PROVIDER !== 'aliyun' && e.SMS_PROVIDER !== 'tencent') return undefined;
  const templates = Object.fromEntries(
    MESSAGE_KINDS.map((kind) => [kind, templateOf(e[SMS_TEMPLATE_VARS[kind] as keyof SmsEnv] as string)]),
  ) as Record<SmsMessageKind, SmsTemplate>;
  const common = { signName: e.SMS_SIGN_NAME as string, templates, timeoutMs: e.SMS_TIMEOUT_MS };
  if (e.SMS_PROVIDER === 'aliyun')
    return {
      vendor: 'aliyun',
      ...common,
      accessKeyId: e.ALIYUN_SMS_ACCESS_KEY_ID as string,
      accessKeySecret: e.ALIYUN_SMS_ACCESS_KEY_SECRET as string,
      apiBase: e.ALIYUN_SMS_API_BASE,
    };
  return {
    vendor: 'tencent',
    ...common,
    secretId: e.TENCENT_SMS_SECRET_ID as string,
    secretKey: e.TENCENT_SMS_SECRET_KEY as string,
    sdkAppId: e.TENCENT_SMS_SDK_APP_ID as string,
    region: e.TENCENT_SMS_REGION,
    apiBase: e.TENCENT_SMS_API_BASE,
  };
}

/**
 * The values a template is filled with, by name in the template's order: the configured variables, else `code` for
 * the login code and every value given (in the caller's order) for a notice. A variable not given is an error.
 */
export function templateValues(
  kind: SmsMessageKind,
  template: SmsTemplate,
  values: Record<string, string>,
): Array<[string, string]> {
  const names = template.params ?? (kind === 'code' ? ['code'] : Object.keys(values));
  return names.map((name) => {
    const value = values[name];
    if (value === undefined)
      throw new Error(`SMS template ${template.id} (${kind}) needs ${name}, which was not given`);
    return [name, value];
  });
}
