/**
 * Finding a catalogue item for the detail, review and introduction calls. Only ONLINE items of the session's
 * project exist here: an unknown item, another project's item and an offline one all answer 404 活动不存在或已下架.
 */
import { and, eq } from 'drizzle-orm';
import { activities } from './schema';
import type { ActivityExtras } from './schema';
import { notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';

export const ITEM_NOT_FOUND = '活动不存在或已下架';

export type Activity = typeof activities.$inferSelect;

export async function findOnline(db: Pick<Db, 'select'>, projectSn: string, actSn: string): Promise<Activity> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.actSn, actSn), eq(activities.projectSn, projectSn), eq(activities.status, 'ONLINE')))
    .limit(1);
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return row;
}

/** The display extras of an item (activities.detail); any field may be missing on an item nobody described. */
export const extrasOf = (a: Activity) => (a.detail ?? {}) as Partial<ActivityExtras>;
