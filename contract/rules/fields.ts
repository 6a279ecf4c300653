/** Collect-form and applicant field rules of §5: validators, messages, placeholders and input types. */
export const FIELD_KEY_NAMES = ['TEXT', 'NAME', 'IDCARD', 'IDCARD_OUT', 'NUMBER', 'PHONE', 'EMAIL', 'ADDRESS'] as const;
export type FieldKeyName = (typeof FIELD_KEY_NAMES)[number];

export function isFieldKeyName(value: unknown): value is FieldKeyName {
  return typeof value === 'string' && (FIELD_KEY_NAMES as readonly string[]).includes(value);
}

export const FIELD_MESSAGES: Record<FieldKeyName, string> = {
  TEXT: '请输入内容',
  NAME: '请输入姓名',
  IDCARD: '请输入正确的身份证号码',
  IDCARD_OUT: '请输入正确的身份证号码',
  NUMBER: '请输入正确的数字格式',
  PHONE: '请输入正确的手机号码',
  EMAIL: '请输入正确的邮箱格式',
  ADDRESS: '请输入地址信息',
};

export const FIELD_PLACEHOLDERS: Record<FieldKeyName, string> = {
  TEXT: '请输入内容',
  NAME: '请输入姓名',
  IDCARD: '请输入身份证号',
  // §5 gives no placeholder for non-mainland documents; asking them for a 身份证号 would be wrong.
  IDCARD_OUT: '请输入证件号码',
  NUMBER: '请输入数字',
  PHONE: '请输入手机号码',
  EMAIL: '请输入邮箱',
  ADDRESS: '请输入地址信息',
};

/** §5: non-mainland ID max length 50. */
export const ID_OUT_MAX_LENGTH = 50;
export const PHONE_LENGTH = 11;

const MAINLAND_ID = /^(\d{15}|\d{17}[\dXx])$/;
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK_CODES = '10X98765432';

function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * A mainland resident ID (GB 11643-1999): 18 digits whose last is the ISO 7064 MOD 11-2 check character, or
 * the old 15-digit form (birth year 19YY, no check digit); the birth date must be a real day, not in the future
 * and after 1900. The pattern alone lets 111111111111111111 through.
 */
export function isMainlandId(raw: string, now: number = Date.now()): boolean {
  const value = raw.trim().toUpperCase();
  if (!MAINLAND_ID.test(value)) return false;
  const long = value.length === 18;
  const birth = long ? value.slice(6, 14) : `19${value.slice(6, 12)}`;
  const year = Number(birth.slice(0, 4));
  const month = Number(birth.slice(4, 6));
  const day = Number(birth.slice(6, 8));
  if (year < 1900 || !isRealDate(year, month, day) || Date.UTC(year, month - 1, day) > now) return false;
  if (!long) return true;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * ID_WEIGHTS[i];
  return ID_CHECK_CODES[sum % 11] === value[17];
}

/** 440106199001011234 -> 4401**********1234: enough to recognise one's own, not enough to reuse. */
export function maskIdNumber(value: string): string {
  const v = value.trim();
  if (v.length <= 8)
    return v.length <= 2 ? '*'.repeat(v.length) : `${v[0]}${'*'.repeat(v.length - 2)}${v[v.length - 1]}`;
  return `${v.slice(0, 4)}${'*'.repeat(v.length - 8)}${v.slice(-4)}`;
}

/** 13800138000 -> 138****8000. */
export function maskPhone(value: string): string {
  const v = value.trim();
  return v.length === PHONE_LENGTH ? `${v.slice(0, 3)}****${v.slice(7)}` : v;
}
const PHONE = /^1[3-9]\d{9}$/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const DIGITS = /^\d+$/;

/** PHONE and NUMBER use numeric input, others text (§5). */
export function inputTypeFor(keyName: FieldKeyName): 'number' | 'text' | 'idcard' {
  if (keyName === 'PHONE' || keyName === 'NUMBER') return 'number';
  if (keyName === 'IDCARD') return 'idcard';
  return 'text';
}

/** A multi-line field (textarea) takes a longer text. */
export const MULTILINE_MAX_LENGTH = 500;

/** §5 input types, plus textarea for a multi-line field (TEXT and ADDRESS; the others are one line by nature). */
export function fieldInputType(keyName: FieldKeyName, multiline: boolean): 'number' | 'text' | 'idcard' | 'textarea' {
  if (multiline && (keyName === 'TEXT' || keyName === 'ADDRESS')) return 'textarea';
  return inputTypeFor(keyName);
}

export function fieldMaxLength(keyName: FieldKeyName, multiline: boolean): number {
  return fieldInputType(keyName, multiline) === 'textarea' ? MULTILINE_MAX_LENGTH : maxLengthFor(keyName);
}

export function maxLengthFor(keyName: FieldKeyName): number {
  if (keyName === 'PHONE') return PHONE_LENGTH;
  if (keyName === 'IDCARD_OUT') return ID_OUT_MAX_LENGTH;
  if (keyName === 'IDCARD') return 18;
  return 140;
}

/**
 * Validates one field; returns the §5 message or null. IDCARD with idCardType IDCARD_OUT (non-mainland) only
 * needs a value; a mainland ID must match the 15/18-digit pattern.
 */
export function validateField(keyName: FieldKeyName, raw: string, idCardType?: string | null): string | null {
  const value = (raw || '').trim();
  switch (keyName) {
    case 'IDCARD':
      if (idCardType === 'IDCARD_OUT') return value ? null : FIELD_MESSAGES.IDCARD;
      return isMainlandId(value) ? null : FIELD_MESSAGES.IDCARD;
    case 'IDCARD_OUT':
      return value && value.length <= ID_OUT_MAX_LENGTH ? null : FIELD_MESSAGES.IDCARD_OUT;
    case 'NUMBER':
      return DIGITS.test(value) ? null : FIELD_MESSAGES.NUMBER;
    case 'PHONE':
      return PHONE.test(value) ? null : FIELD_MESSAGES.PHONE;
    case 'EMAIL':
      return EMAIL.test(value) ? null : FIELD_MESSAGES.EMAIL;
    default:
      return value ? null : (FIELD_MESSAGES[keyName] ?? FIELD_MESSAGES.TEXT);
  }
}

export interface RuleLike {
  nKey: string;
  keyName: FieldKeyName;
  label: string;
  required: boolean;
  idCardType: 'IDCARD' | 'IDCARD_OUT' | null;
  submitTips: string | null;
}

/**
 * §5 step 1: each required applicant field passes its validator; its own tip shows. Optional fields are
 * checked only when filled. Returns the first failing message.
 */
export function firstApplicantError(rules: readonly RuleLike[], values: Record<string, string>): string | null {
  for (const rule of rules) {
    const value = values[rule.nKey] ?? '';
    if (!rule.required && !value.trim()) continue;
    const bad = validateField(rule.keyName, value, rule.idCardType);
    if (bad) return rule.submitTips || bad;
  }
  return null;
}

/**
 * §5 names no text for an over-long value; the input's maxlength stops typing there, so only a pasted value sees it.
 */
export const fieldTooLong = (max: number) => `最多输入${max}个字`;

export interface FormFieldLike {
  nKey: string;
  keyName: FieldKeyName;
  required: boolean;
  multiline: boolean;
  idCardType: 'IDCARD' | 'IDCARD_OUT' | null;
}

/**
 * A collect-form field's problem in §5's words, or null: required fields must pass their validator, optional
 * ones only when filled; nothing may be longer than the field allows.
 */
export function formFieldError(field: FormFieldLike, raw: string | undefined): string | null {
  const value = raw ?? '';
  if (!field.required && !value.trim()) return null;
  const problem = validateField(field.keyName, value, field.idCardType);
  if (problem) return problem;
  const max = fieldMaxLength(field.keyName, field.multiline);
  return value.trim().length > max ? fieldTooLong(max) : null;
}

/** Every field's problem by nKey (empty when the form can be committed). */
export function formErrors(fields: readonly FormFieldLike[], values: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of fields) {
    const problem = formFieldError(field, values[field.nKey]);
    if (problem) out[field.nKey] = problem;
  }
  return out;
}
