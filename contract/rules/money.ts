/** Money is integer fen everywhere (§9); this is the one place that turns it into text. */
export const CURRENCY = '¥';

/** 1234 -> "12.34", 1230 -> "12.3", 1200 -> "12": divided by 100, at most two decimals. */
export function fenToYuanText(fen: number): string {
  if (!Number.isFinite(fen)) return '0';
  const negative = fen < 0;
  const abs = Math.round(Math.abs(fen));
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  let text = String(yuan);
  if (cents) text += `.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
  return negative ? `-${text}` : text;
}

/** "¥12.34" */
export function formatMoney(fen: number): string {
  const text = fenToYuanText(fen);
  return text.startsWith('-') ? `-${CURRENCY}${text.slice(1)}` : `${CURRENCY}${text}`;
}
