/**
 * Bank card numbers: digits only, 16 to 19 long, with a valid Luhn check digit (ISO/IEC 7812), the
 * check every mainland debit card passes. Both sides use it: the storefront to name the problem before sending,
 * the server to refuse what the storefront let through.
 */
export const CARD_MIN_LENGTH = 16;
export const CARD_MAX_LENGTH = 19;

export const CARD_MESSAGES = {
  empty: '请输入银行卡号',
  length: '银行卡号应为16-19位数字',
  checksum: '银行卡号有误，请核对后重新输入',
} as const;

/** Spaces and dashes people type between groups are dropped; anything else stays and fails the check. */
export function normalizeCardNo(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The check digit that makes `body` + digit pass Luhn (demo data and tests build card numbers with it). */
export function luhnCheckDigit(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${body}${d}`)) return String(d);
  return '0';
}

/** What is wrong with a typed card number, or null when it is a plausible card. */
export function cardNoError(raw: string): string | null {
  const v = normalizeCardNo(raw);
  if (!v) return CARD_MESSAGES.empty;
  if (!/^\d+$/.test(v) || v.length < CARD_MIN_LENGTH || v.length > CARD_MAX_LENGTH) return CARD_MESSAGES.length;
  return luhnValid(v) ? null : CARD_MESSAGES.checksum;
}

/** 6222021234567890123 -> "**** **** **** 0123": the last four, enough to recognise one's card. */
export function maskCardNo(cardNoOrTail: string): string {
  const tail = normalizeCardNo(cardNoOrTail).slice(-4);
  return `**** **** **** ${tail}`;
}

/** Groups of four as people read a card: "6222 0212 3456 7890 123". */
export function groupCardNo(raw: string): string {
  return normalizeCardNo(raw).replace(/(\d{4})(?=\d)/g, '$1 ');
}
