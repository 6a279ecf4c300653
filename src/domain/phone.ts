/** Phone rules of §5/§9: required, then 11 digits starting with 1 and a second digit 3-9. */
import { MESSAGES } from './errors';

export const PHONE_MAX_LENGTH = 11;
const PHONE_PATTERN = /^1[3-9]\d{9}$/;

/** Returns the message to show, or null when the phone is valid. */
export function validatePhone(phone: string): string | null {
  const value = phone.trim();
  if (!value) return MESSAGES.phoneRequired;
  if (!PHONE_PATTERN.test(value)) return MESSAGES.phoneInvalid;
  return null;
}

export function validateSmsCode(code: string): string | null {
  const value = code.trim();
  if (!value) return MESSAGES.codeRequired;
  if (!/^\d{6}$/.test(value)) return MESSAGES.codeInvalid;
  return null;
}
