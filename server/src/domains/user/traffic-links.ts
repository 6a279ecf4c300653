/** Traffic links (/front/traffic/link/{id}): where a link leads, each visit counted. */
import { eq, sql } from 'drizzle-orm';
import { trafficLinks } from './schema';
import { notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';

export const LINK_NOT_FOUND = '链接不存在或已失效';

export async function followTrafficLink(
  db: Db,
  linkId: string,
): Promise<{ projectSn: string; jumpContent: (typeof trafficLinks.$inferSelect)['jumpContent'] }> {
  const [row] = await db
    .update(trafficLinks)
    .set({ hits: sql`${trafficLinks.hits} + 1` })
    .where(eq(trafficLinks.linkId, linkId))
    .returning({ projectSn: trafficLinks.projectSn, jumpContent: trafficLinks.jumpContent });
  if (!row) throw notFound(LINK_NOT_FOUND);
  return row;
}
