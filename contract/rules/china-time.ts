/**
 * Every time a customer sees is China time (Asia/Shanghai), whatever the device's or server's zone. China has
 * kept UTC+8 without daylight saving since 1991, so a fixed offset is exact and needs no Intl time-zone data
 * (which some mini-program engines lack). The one place times are formatted, on both sides.
 */
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

const CHINA_OFFSET_MINUTES = 8 * 60;

export type TimeInput = string | number | Date;

/** The instant as a dayjs in China time, or null when it is not a valid time. */
export function chinaTime(input: TimeInput): Dayjs | null {
  const d = dayjs(input);
  return d.isValid() ? d.utcOffset(CHINA_OFFSET_MINUTES) : null;
}

/** `YYYY-MM-DD HH:mm:ss` (or another dayjs pattern) in China time; '' for a missing or bad time. */
export function formatChinaTime(input: TimeInput | null | undefined, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  if (input === null || input === undefined || input === '') return '';
  return chinaTime(input)?.format(pattern) ?? '';
}

/** Whole China calendar days from `now` to `input` (0 today, 1 tomorrow, -1 yesterday). */
export function chinaDaysFrom(input: TimeInput, now: TimeInput): number | null {
  const a = chinaTime(input);
  const b = chinaTime(now);
  if (!a || !b) return null;
  // Both are in the same fixed offset, so calendar days compare by their local midnight.
  return a.startOf('day').diff(b.startOf('day'), 'day');
}
