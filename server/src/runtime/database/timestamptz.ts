/**
 * A Date as a timestamptz parameter of a raw SQL fragment (sql``): drizzle maps a Date to a column's form only
 * where it knows the column, so raw statements send the time as ISO text with an explicit cast.
 */
import { sql } from 'drizzle-orm';

export const timestamptz = (d: Date) => sql`${d.toISOString()}::timestamptz`;
