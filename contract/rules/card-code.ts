/**
 * Card secrets (§2 exchangeCenter): how a typed code is read and shown. Customers copy codes from paper and
 * chat messages, so spaces, hyphens and lower case are ignored; the server stores only a digest of the
 * normalised code, so both sides must normalise the same way.
 */

/** Letters and digits a generated code uses: no 0/O, 1/I/L, so a code read aloud or on paper is unambiguous. */
export const CARD_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CARD_CODE_LENGTH = 16;
export const CARD_CODE_MIN = 8;
export const CARD_CODE_MAX = 32;

/** Upper case, without whitespace (full-width spaces too) and hyphens. */
export function normalizeCardCode(input: string): string {
  return input.replace(/[\s\u3000\-_]+/g, '').toUpperCase();
}

/** Whether a normalised code has the shape of a card secret at all (8-32 letters and digits). */
export function isCardCodeShape(code: string): boolean {
  return new RegExp(`^[A-Z0-9]{${CARD_CODE_MIN},${CARD_CODE_MAX}}$`).test(code);
}

/** ABCD-EFGH-JKMN-PQRS: groups of four, as printed on a card. */
export function formatCardCode(code: string): string {
  return (normalizeCardCode(code).match(/.{1,4}/g) ?? []).join('-');
}
