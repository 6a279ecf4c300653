/**
 * The project of a record an /ops route finds by its own id (an order, a form, an application...), for the per-project
 * check of runtime/ops-auth.ts: `config: { opsProject: opsProjectOf.order('orderNo') }`. One table of lookups, each a
 * primary-key read; a missing record gives null and the route answers its own 404.
 */
import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Db } from './database/plugin';
import type { OpsProjectOf } from './ops-auth';
import { accessBlocks } from '../domains/access/schema';
import { activities } from '../domains/activity/schema';
import { afterSaleApplications } from '../domains/after-sales/schema';
import { cardBatches } from '../domains/card/schema';
import { claimActivities, couponTemplates } from '../domains/coupon/schema';
import { promoters, withdrawals } from '../domains/earnings/schema';
import { feedback } from '../domains/feedback/schema';
import { forms } from '../domains/form/schema';
import { orders } from '../domains/order/schema';
import { columns, pageModules, pages } from '../domains/pages/schema';
import { trafficLinks } from '../domains/user/schema';

type Lookup = (db: Db, id: string) => Promise<string | null>;

const first = (rows: { projectSn: string }[]) => rows[0]?.projectSn ?? null;

const LOOKUPS = {
  order: async (db, orderNo) =>
    first(await db.select({ projectSn: orders.projectSn }).from(orders).where(eq(orders.orderNo, orderNo))),
  form: async (db, formSn) =>
    first(await db.select({ projectSn: forms.projectSn }).from(forms).where(eq(forms.formSn, formSn))),
  claim: async (db, actSn) =>
    first(
      await db
        .select({ projectSn: claimActivities.projectSn })
        .from(claimActivities)
        .where(eq(claimActivities.actSn, actSn)),
    ),
  template: async (db, couponSn) =>
    first(
      await db
        .select({ projectSn: couponTemplates.projectSn })
        .from(couponTemplates)
        .where(eq(couponTemplates.couponSn, couponSn)),
    ),
  batch: async (db, batchSn) =>
    first(
      await db.select({ projectSn: cardBatches.projectSn }).from(cardBatches).where(eq(cardBatches.batchSn, batchSn)),
    ),
  activity: async (db, actSn) =>
    first(await db.select({ projectSn: activities.projectSn }).from(activities).where(eq(activities.actSn, actSn))),
  application: async (db, applicationNo) =>
    first(
      await db
        .select({ projectSn: afterSaleApplications.projectSn })
        .from(afterSaleApplications)
        .where(eq(afterSaleApplications.applicationNo, applicationNo)),
    ),
  withdrawal: async (db, withdrawalNo) =>
    first(
      await db
        .select({ projectSn: promoters.projectSn })
        .from(withdrawals)
        .innerJoin(promoters, eq(promoters.userId, withdrawals.userId))
        .where(eq(withdrawals.withdrawalNo, withdrawalNo)),
    ),
  page: async (db, pageSn) =>
    first(await db.select({ projectSn: pages.projectSn }).from(pages).where(eq(pages.pageSn, pageSn))),
  module: async (db, moduleSn) =>
    first(
      await db
        .select({ projectSn: pages.projectSn })
        .from(pageModules)
        .innerJoin(pages, eq(pages.pageSn, pageModules.pageSn))
        .where(eq(pageModules.moduleSn, moduleSn)),
    ),
  column: async (db, columnSn) =>
    first(await db.select({ projectSn: columns.projectSn }).from(columns).where(eq(columns.columnSn, columnSn))),
  trafficLink: async (db, linkId) =>
    first(
      await db.select({ projectSn: trafficLinks.projectSn }).from(trafficLinks).where(eq(trafficLinks.linkId, linkId)),
    ),
  feedback: async (db, feedbackSn) =>
    first(await db.select({ projectSn: feedback.projectSn }).from(feedback).where(eq(feedback.feedbackSn, feedbackSn))),
  accessBlock: async (db, blockSn) =>
    first(
      await db
        .select({ projectSn: accessBlocks.projectSn })
        .from(accessBlocks)
        .where(eq(accessBlocks.blockSn, blockSn)),
    ),
} satisfies Record<string, Lookup>;

/** Where the id is: a path parameter (default) or a body field. */
const idOf = (request: FastifyRequest, name: string): string | undefined => {
  for (const source of [request.params, request.body]) {
    const value = source && typeof source === 'object' ? (source as Record<string, unknown>)[name] : undefined;
    if (typeof value === 'string') return value;
  }
  return undefined;
};

/** `opsProjectOf.order('orderNo')`: the project of the order named by the route's `orderNo`. */
export const opsProjectOf = Object.fromEntries(
  Object.entries(LOOKUPS).map(([kind, lookup]) => [
    kind,
    (name: string): OpsProjectOf =>
      async (request) => {
        const id = idOf(request, name);
        return id === undefined ? null : lookup(request.server.db, id);
      },
  ]),
) as Record<keyof typeof LOOKUPS, (name: string) => OpsProjectOf>;

/** The project of a withdrawal, for filtering lists (runtime/ops-auth.ts opsProjectFilter). */
export const projectOfWithdrawal = (db: Db, withdrawalNo: string) => LOOKUPS.withdrawal(db, withdrawalNo);
