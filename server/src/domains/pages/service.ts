/**
 * The lists of pages (§7 Pages) beyond the first screen: a column's cards, the more-activity list (a column's, or
 * the activities a coupon of the customer applies to), search and the customer's own applicant details. The
 * cards are activity's, the coupon's scope is coupon's, the applicant details come from the customer's orders;
 * pages puts them in its answers, and caches a column's pages until an operator change invalidates them.
 */
import { and, eq } from 'drizzle-orm';
import type { Paged } from '@contract/common';
import type { ActivityCard } from '@contract/pages';
import type { UserInfoEntry } from '@contract/user-info';
import { columns } from './schema';
import { MESSAGES, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import type { Session } from '../../runtime/sessions';
import { readCache } from '../../runtime/read-cache';
import { columnCards, searchCards, type PageRequest } from '../activity/points-price';
import { COUPON_LIST_TITLE, couponActivities } from '../coupon/held';
import { userInfoList } from '../user/applicant-info';

export async function findColumn(db: Db, projectSn: string, columnSn: string) {
  const [column] = await db
    .select()
    .from(columns)
    .where(and(eq(columns.columnSn, columnSn), eq(columns.projectSn, projectSn)))
    .limit(1);
  return column ?? null;
}

const cachedColumnCards = (db: Db, projectSn: string, columnSn: string, paging: PageRequest) =>
  readCache(db).get(projectSn, `column:${columnSn}:${paging.page}:${paging.perSize}`, () =>
    columnCards(db, columnSn, paging),
  );

/**
 * A page of a column with its title, as the column and more-level lists answer it (one cached object per page); 404
 * when absent.
 */
export function columnList(db: Db, projectSn: string, columnSn: string, paging: PageRequest) {
  return readCache(db).get(projectSn, `columnList:${columnSn}:${paging.page}:${paging.perSize}`, async () => {
    const column = await readCache(db).get(projectSn, `columnRow:${columnSn}`, () =>
      findColumn(db, projectSn, columnSn),
    );
    if (!column) throw notFound(MESSAGES.columnNotFound);
    return { ...(await cachedColumnCards(db, column.projectSn, column.columnSn, paging)), columnTitle: column.title };
  });
}

/** The activities a coupon of this customer applies to (去使用, jumpType 2), as the more-level list answers them. */
export async function couponActivityList(
  db: Db,
  session: Session,
  couponSn: string,
  paging: PageRequest,
): Promise<Paged<ActivityCard> & { columnTitle: string }> {
  return { ...(await couponActivities(db, session, couponSn, paging)), columnTitle: COUPON_LIST_TITLE };
}

/** The project's online activities whose name holds the keyword; an empty keyword finds nothing. */
export function searchActivities(
  db: Db,
  projectSn: string,
  keyword: string,
  paging: PageRequest,
): Promise<Paged<ActivityCard>> {
  return searchCards(db, projectSn, keyword, paging);
}

/** The applicant details the customer gave on earlier orders, newest per field (user-info/list). */
export async function applicantDetails(db: Db, userId: string): Promise<{ list: UserInfoEntry[] }> {
  return { list: await userInfoList(db, userId) };
}
