/**
 * An audit entry's before and after as rows a person reads: one per changed field (dotted path for nested
 * objects), each with its old and new value as text, times in China time. Secrets are never shown, even if a
 * record carries one.
 */
import { formatChinaTime } from '@contract/rules/china-time';

export type DiffKind = 'added' | 'removed' | 'changed' | 'same';

export interface DiffRow {
  path: string;
  before?: string;
  after?: string;
  kind: DiffKind;
}

const SECRET = /password|secret|token/i;

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** A value as one line: times in China time, other strings as they are, everything else as JSON. */
export function show(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatChinaTime(value) : value;
  return JSON.stringify(value);
}

function flatten(value: unknown, prefix: string, out: Map<string, unknown>): void {
  if (isPlain(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix) {
    out.set(prefix, value);
  }
}

/** Rows for every field of either side, changed ones first in the order they appear; `same` rows last. */
export function diffRows(before: unknown, after: unknown): DiffRow[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, '', a);
  flatten(after, '', b);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  const rows = paths.map((path): DiffRow => {
    const hidden = SECRET.test(path);
    const was = a.has(path) ? (hidden ? '（已隐藏）' : show(a.get(path))) : undefined;
    const now = b.has(path) ? (hidden ? '（已隐藏）' : show(b.get(path))) : undefined;
    const kind: DiffKind =
      was === undefined ? 'added' : now === undefined ? 'removed' : was === now ? 'same' : 'changed';
    return { path, before: was, after: now, kind };
  });
  return [...rows.filter((r) => r.kind !== 'same'), ...rows.filter((r) => r.kind === 'same')];
}

/** Whether the two sides are records a field table can show (otherwise the console shows the JSON). */
export const isFieldRecord = (before: unknown, after: unknown) =>
  (before === null || before === undefined || isPlain(before)) &&
  (after === null || after === undefined || isPlain(after)) &&
  (isPlain(before) || isPlain(after));
