/**
 * The notification settings read from the environment (server/src/config.ts calls these): which way notices go
 * (NOTIFY_PROVIDER) and, per platform, one template per notice kind:
 *
 *   NOTIFY_WECHAT_PAID=<template id>|<field>=<variable>,<field>=<variable>...
 *
 * e.g. `NOTIFY_WECHAT_PAID=Xq3...|character_string1=orderNo,thing2=title,amount3=amount,time4=time`: the template's
 * field names (as the platform's console shows them) mapped to the notice's variables (kinds.ts NOTICE_PARAMS).
 * A platform's five templates are all set or none, and need the app's credentials beside them.
 */
import { NOTICE_KINDS, NOTICE_PARAMS, type NoticeKind } from './kinds';

export const NOTIFY_PROVIDERS = ['sandbox', 'live'] as const;
export type NotifyProvider = (typeof NOTIFY_PROVIDERS)[number];

export interface NoticeTemplate {
  templateId: string;
  /** template field -> notice variable */
  fields: Record<string, string>;
}
export type NoticeTemplates = Record<NoticeKind, NoticeTemplate>;

/** NOTIFY_WECHAT_PAID, NOTIFY_BAIDU_REFUND_RESULT, ... */
export const templateVariable = (platform: 'WECHAT' | 'BAIDU', kind: NoticeKind) =>
  `NOTIFY_${platform}_${kind.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/** One template setting, or the reason it is refused. */
export function parseNoticeTemplate(kind: NoticeKind, value: string): NoticeTemplate | string {
  const [id, mapping, ...rest] = value.split('|');
  const templateId = id?.trim() ?? '';
  if (!templateId || rest.length > 0 || !/^[\w-]{1,128}$/.test(templateId))
    return 'must be <template id>|<field>=<variable>,... (the template id: letters, digits, - and _)';
  const fields: Record<string, string> = {};
  for (const pair of (mapping ?? '').split(',')) {
    if (!pair.trim()) continue;
    const [field, variable] = pair.split('=').map((s) => s?.trim());
    if (!field || !/^[a-z_]+\d*$/i.test(field)) return `has a bad field name "${pair}"`;
    if (!variable || !NOTICE_PARAMS[kind].includes(variable))
      return `maps ${field} to "${variable ?? ''}"; ${kind} has ${NOTICE_PARAMS[kind].join(', ')}`;
    fields[field] = variable;
  }
  if (Object.keys(fields).length === 0) return 'names no field: <template id>|<field>=<variable>,...';
  return { templateId, fields };
}

/**
 * A platform's templates: all five parsed, or none set (undefined). Problems are reported by variable name
 * (a half configuration names the missing ones).
 */
export function readTemplates(
  env: Record<string, string | undefined>,
  platform: 'WECHAT' | 'BAIDU',
  problem: (variable: string, message: string) => void,
): NoticeTemplates | undefined {
  const names = NOTICE_KINDS.map((k) => templateVariable(platform, k));
  const set = names.filter((n) => env[n]?.trim());
  if (set.length === 0) return undefined;
  const out: Partial<NoticeTemplates> = {};
  for (const kind of NOTICE_KINDS) {
    const name = templateVariable(platform, kind);
    const value = env[name]?.trim();
    if (!value) {
      problem(name, `${name} is missing: notices by ${platform.toLowerCase()} need ${names.join(', ')} together`);
      continue;
    }
    const parsed = parseNoticeTemplate(kind, value);
    if (typeof parsed === 'string') problem(name, `${name} ${parsed}`);
    else out[kind] = parsed;
  }
  return set.length === names.length ? (out as NoticeTemplates) : undefined;
}
