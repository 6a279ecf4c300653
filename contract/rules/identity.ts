/**
 * Real-name verification rules both sides check: a mainland ID number (GB 11643: pattern, real
 * birth date, check digit; contract/rules/fields.ts isMainlandId), a name shaped like a Chinese legal name, and
 * an adult holder (payouts go to adults only). The provider then says whether the two belong together.
 */
import { isMainlandId } from './fields';

export const IDENTITY_MESSAGES = {
  nameEmpty: '请输入真实姓名',
  nameShape: '请输入正确的姓名（2-20个汉字，可含·）',
  idEmpty: '请输入身份证号',
  idInvalid: '请输入正确的身份证号码',
  idShort: '请使用18位身份证号码认证',
  minor: '未满18周岁暂不能认证提现',
} as const;

export const ADULT_AGE = 18;

/** 2 to 20 Chinese characters, a middle dot allowed between parts (少数民族姓名: 阿依古丽·买买提). */
const NAME = /^[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*$/;

export function realNameError(raw: string): string | null {
  const v = raw.trim();
  if (!v) return IDENTITY_MESSAGES.nameEmpty;
  if (v.length < 2 || v.length > 20 || !NAME.test(v)) return IDENTITY_MESSAGES.nameShape;
  return null;
}

/** The birth date of an 18-digit ID as [year, month, day]. */
export function birthOf(id: string): [number, number, number] {
  return [Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14))];
}

/** Whether someone born on the ID's date is `ADULT_AGE` or older on `now` (China calendar day is close enough). */
export function isAdult(id: string, now: number = Date.now()): boolean {
  const [y, m, d] = birthOf(id);
  const today = new Date(now + 8 * 3600_000);
  const age =
    today.getUTCFullYear() -
    y -
    (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d) ? 1 : 0);
  return age >= ADULT_AGE;
}

/** What is wrong with the ID number for a payout identity (18 digits only: 15-digit IDs were retired in 2013). */
export function idNumberError(raw: string, now: number = Date.now()): string | null {
  const v = raw.trim().toUpperCase();
  if (!v) return IDENTITY_MESSAGES.idEmpty;
  if (v.length === 15 && isMainlandId(v, now)) return IDENTITY_MESSAGES.idShort;
  if (v.length !== 18 || !isMainlandId(v, now)) return IDENTITY_MESSAGES.idInvalid;
  return isAdult(v, now) ? null : IDENTITY_MESSAGES.minor;
}

/** 张三丰 -> *三丰, 张三 -> *三: the family name hidden, as payout products show a verified name. */
export function maskRealName(name: string): string {
  const v = name.trim();
  return v.length <= 1 ? v : `*${v.slice(1)}`;
}
