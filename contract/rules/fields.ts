/** Collect-form and applicant field rules of §5: validators, messages, placeholders and input types. */
export type FieldKeyName = 'TEXT' | 'NAME' | 'IDCARD' | 'IDCARD_OUT' | 'NUMBER' | 'PHONE' | 'EMAIL' | 'ADDRESS';

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
  IDCARD_OUT: '请输入身份证号',
  NUMBER: '请输入数字',
  PHONE: '请输入手机号码',
  EMAIL: '请输入邮箱',
  ADDRESS: '请输入地址信息',
};

/** §5: non-mainland ID max length 50. */
export const ID_OUT_MAX_LENGTH = 50;
export const PHONE_LENGTH = 11;

const MAINLAND_ID = /^(\d{15}|\d{17}[\dXx])$/;
const PHONE = /^1[3-9]\d{9}$/;
const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const DIGITS = /^\d+$/;

/** PHONE and NUMBER use numeric input, others text (§5). */
export function inputTypeFor(keyName: FieldKeyName): 'number' | 'text' | 'idcard' {
  if (keyName === 'PHONE' || keyName === 'NUMBER') return 'number';
  if (keyName === 'IDCARD') return 'idcard';
  return 'text';
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
      return MAINLAND_ID.test(value) ? null : FIELD_MESSAGES.IDCARD;
    case 'IDCARD_OUT':
      return value && value.length <= ID_OUT_MAX_LENGTH ? null : FIELD_MESSAGES.IDCARD_OUT;
    case 'NUMBER':
      return DIGITS.test(value) ? null : FIELD_MESSAGES.NUMBER;
    case 'PHONE':
      return PHONE.test(value) ? null : FIELD_MESSAGES.PHONE;
    case 'EMAIL':
      return EMAIL.test(value) ? null : FIELD_MESSAGES.EMAIL;
    default:
      return value ? null : FIELD_MESSAGES[keyName] ?? FIELD_MESSAGES.TEXT;
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
