/**
 * What the marketing forms type and what the contract takes: yuan typed, fen sent; a date-time picked as China
 * wall-clock time (whatever the browser's zone), sent as ISO with +08:00; the first zod issue put on its field.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { ZodType } from 'zod';
import { formatChinaTime } from '@contract/rules/china-time';
import { VALIDITY_TYPES } from '@contract/rules/coupon-validity';

/** Fen from typed yuan; NaN (refused by the contract) for what is not a number. */
export const fenOf = (yuan: number | null | undefined): number =>
  typeof yuan === 'number' && Number.isFinite(yuan) ? Math.round(yuan * 100) : Number.NaN;
export const yuanOf = (fen: number) => fen / 100;

/** The picked wall-clock time read as China time. */
export const chinaIso = (value: Dayjs | string | null | undefined): string | null => {
  if (!value) return null;
  const d = dayjs(value);
  return d.isValid() ? `${d.format('YYYY-MM-DDTHH:mm:ss')}+08:00` : null;
};
/** An instant shown in the picker as its China wall-clock time. */
export const pickerValue = (iso: string | null | undefined): Dayjs | undefined =>
  iso ? dayjs(formatChinaTime(iso)) : undefined;

export interface FieldIssue {
  /** The field's name path, or null for the form as a whole. */
  name: (string | number)[] | null;
  message: string;
}

/** The first issue of `schema` for `body`, with the path of the field it is about. */
export function firstIssue(schema: ZodType, body: unknown): FieldIssue | null {
  const result = schema.safeParse(body);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const path = (issue?.path ?? []).filter((p): p is string | number => typeof p !== 'symbol');
  return { name: path.length ? path : null, message: issue?.message ?? '输入有误' };
}

export const VALIDITY_OPTIONS = [
  { value: VALIDITY_TYPES.DAYS_FROM_RECEIPT, label: '领取当日起N天内有效' },
  { value: VALIDITY_TYPES.FIXED_RANGE, label: '固定起止时间' },
  { value: VALIDITY_TYPES.DAYS_FROM_NEXT_DAY, label: '领取次日起N天内有效' },
  { value: VALIDITY_TYPES.UNTIL_DATE, label: '领取后至截止时间' },
  { value: VALIDITY_TYPES.LONG_TERM, label: '长期有效' },
  { value: VALIDITY_TYPES.END_OF_MONTH, label: '领取当月月底前有效' },
  { value: VALIDITY_TYPES.DAYS_FROM_RECEIPT_UNTIL, label: '领取当日起N天内且不晚于截止时间' },
  { value: VALIDITY_TYPES.NEXT_MONTH, label: '领取次月整月有效' },
  { value: VALIDITY_TYPES.END_OF_WEEK, label: '领取当周周日前有效' },
];

/** Which fields a validity type needs. */
export const validityNeeds = (type: number | undefined) => ({
  days: [1, 3, 7].includes(type ?? 0),
  start: type === 2,
  end: [2, 4, 7].includes(type ?? 0),
});
