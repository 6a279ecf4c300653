/**
 * CSV for operator exports (submissions, feedback): RFC 4180 quoting, a UTF-8 BOM so spreadsheet programs read
 * Chinese, and cells that start like a formula (= + - @ tab CR) prefixed with ' so opening the file runs nothing.
 */
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
