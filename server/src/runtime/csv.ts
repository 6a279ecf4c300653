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

export const CSV_TYPE = 'text/csv; charset=utf-8';

/** The content-disposition of a CSV download; the name keeps only characters every browser takes as they are. */
export const csvAttachment = (name: string) => `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
