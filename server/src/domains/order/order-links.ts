/**
 * 下单链接 (single-use order links, §3 creatType LINK, §6, §8 1002). An operator offers one customer (a phone) one
 * course at one of its prices until an expiry; the URL carries a random token of which only the SHA-256 is kept.
 * Opening the URL makes a LINK confirmation (no coupons) for that customer; the submit of an order from one locks
 * the link, checks it still offers exactly that order, and uses it in the same transaction, so two taps or two tabs
 * make one order. Whatever is wrong with a link (unknown, expired, voided, used, another customer's or project's,
 * or its price changed since) the customer hears the one §8 1002 text.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import type { Confirmation } from '@contract/order';
import {
  ORDER_LINK_MAX_DAYS,
  ORDER_LINK_MESSAGES as M,
  ORDER_LINK_PARAM,
  type OpsOrderLink,
  type OpsOrderLinkInput,
  type OrderLinkState,
} from '@contract/order-link';
import { activities } from '../activity/schema';
import { users } from '../user/schema';
import { confirmations, orderConfigs, orderLinks, type OrderConfig } from './schema';
import { DEFAULT_ORDER_CONFIG } from './order-config';
import { AppError, badRequest, conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { defaultAddress } from '../address/service';
import { CONFIRM_MESSAGES, CONFIRM_TTL_MS, computePlan } from './confirm';
import type { Executor, Tx } from './state-db';

type LinkRow = typeof orderLinks.$inferSelect;
type Activity = typeof activities.$inferSelect;

const DAY_MS = 86_400_000;
/** 24 random bytes in base64url: 32 URL-safe characters; anything else is no token of ours. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/** The storefront page a link opens (src/domain/routes.ts courseOrderSubmit). */
export const ORDER_LINK_ROUTE = 'pages/order/courseOrderSubmit';

export const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The URL a customer opens (absolute with PUBLIC_BASE_URL): the H5 order submit with the token and the project. */
export function orderLinkUrl(baseUrl: string | undefined, projectSn: string, token: string): string {
  const query = `${ORDER_LINK_PARAM}=${token}&projectSn=${encodeURIComponent(projectSn)}`;
  return `${baseUrl ?? ''}/#/${ORDER_LINK_ROUTE}?${query}`;
}

const linkInvalid = () => new AppError(400, ERROR_CODES.SUBMIT_LINK_INVALID, CONFIRM_MESSAGES.linkInvalid);

export function linkState(row: Pick<LinkRow, 'orderNo' | 'voidedAt' | 'expiresAt'>, now: Date): OrderLinkState {
  if (row.orderNo) return 'ORDERED';
  if (row.voidedAt) return 'VOIDED';
  return row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'UNUSED';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function viewOf(row: LinkRow, actName: string, config: OrderConfig | null, now: Date): OpsOrderLink {
  const pkg = row.packageSn ? config?.packages.find((p) => p.packageSn === row.packageSn) : undefined;
  return {
    linkSn: row.linkSn,
    projectSn: row.projectSn,
    actSn: row.actSn,
    actName,
    packageSn: row.packageSn,
    packageName: row.packageSn ? (pkg?.packageName ?? row.packageSn) : null,
    amount: row.amount,
    phone: row.phone,
    note: row.note,
    state: linkState(row, now),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    voidedAt: iso(row.voidedAt),
    voidedBy: row.voidedBy,
    orderNo: row.orderNo,
    usedAt: iso(row.usedAt),
  };
}

/** The order total of an order of `activity` at `packageSn` (null: the item itself), fen, as a confirmation shows. */
function offeredAmount(activity: Activity, config: OrderConfig, packageSn: string | null, now: Date): number {
  const plan = computePlan({
    createOrderSn: '',
    creatType: 'LINK',
    activity,
    config,
    packageSn,
    skuCnt: 1,
    address: null,
    defaultAddress: null,
    now,
  });
  return plan.confirmation.confirmOrderAmount.orderTotalAmount;
}

/**
 * The prices an operator may offer for an item: each package's, or the item's own when it has none (an item with
 * packages is always ordered as one of them: the confirmation takes the first when none is named).
 */
function choicesOf(activity: Activity, config: OrderConfig, now: Date) {
  const packages: Array<{ packageSn: string | null; name: string }> = config.packages.length
    ? config.packages.map((p) => ({ packageSn: p.packageSn, name: p.packageName }))
    : [{ packageSn: null, name: '售价' }];
  return packages.map((p) => ({ ...p, amount: offeredAmount(activity, config, p.packageSn, now) }));
}

const configOf = (config: OrderConfig | null | undefined): OrderConfig => ({ ...DEFAULT_ORDER_CONFIG, ...config });

/** The project's courses on sale with their prices, for the console's form. */
export async function orderLinkItems(db: Db, projectSn: string, now = new Date()) {
  const rows = await db
    .select({ a: activities, config: orderConfigs.config })
    .from(activities)
    .leftJoin(orderConfigs, eq(orderConfigs.actSn, activities.actSn))
    .where(and(eq(activities.projectSn, projectSn), eq(activities.actType, 'COURSE'), eq(activities.status, 'ONLINE')))
    .orderBy(activities.actSn);
  return rows.map(({ a, config }) => ({
    actSn: a.actSn,
    actName: a.actName,
    choices: choicesOf(a, configOf(config), now),
  }));
}

/** A course of the project on sale, with its order config; a 400 naming the problem otherwise. */
async function courseOnSale(db: Db, projectSn: string, actSn: string) {
  const [row] = await db
    .select({ a: activities, config: orderConfigs.config })
    .from(activities)
    .leftJoin(orderConfigs, eq(orderConfigs.actSn, activities.actSn))
    .where(
      and(
        eq(activities.actSn, actSn),
        eq(activities.projectSn, projectSn),
        eq(activities.actType, 'COURSE'),
        eq(activities.status, 'ONLINE'),
      ),
    )
    .limit(1);
  if (!row) throw badRequest(M.itemMissing);
  return { activity: row.a, config: configOf(row.config) };
}

/** Issues a link; the token is answered once, here, and only its hash is stored. */
export async function issueOrderLink(
  db: Db,
  input: OpsOrderLinkInput,
  createdBy: string,
  now = new Date(),
): Promise<{ link: OpsOrderLink; token: string }> {
  const expiresAt = new Date(input.expiresAt);
  if (expiresAt.getTime() <= now.getTime()) throw badRequest(M.expiryPast);
  if (expiresAt.getTime() > now.getTime() + ORDER_LINK_MAX_DAYS * DAY_MS) throw badRequest(M.expiryTooLate);
  const { activity, config } = await courseOnSale(db, input.projectSn, input.actSn);
  if (config.packages.length) {
    if (!input.packageSn) throw badRequest(M.packageRequired);
    if (!config.packages.some((p) => p.packageSn === input.packageSn)) throw badRequest(M.packageMissing);
  } else if (input.packageSn) throw badRequest(M.noPackages);

  const token = randomBytes(24).toString('base64url');
  const [row] = await db
    .insert(orderLinks)
    .values({
      linkSn: `OL${now.getTime()}${randomBytes(3).toString('hex').toUpperCase()}`,
      projectSn: input.projectSn,
      actSn: activity.actSn,
      packageSn: input.packageSn,
      amount: offeredAmount(activity, config, input.packageSn, now),
      phone: input.phone,
      note: input.note,
      tokenHash: hashLinkToken(token),
      expiresAt,
      createdBy,
      createdAt: now,
    })
    .returning();
  return { link: viewOf(row, activity.actName, config, now), token };
}

/** The project's links, newest first (the latest 500). */
export async function listOrderLinks(db: Db, projectSn: string, now = new Date()): Promise<OpsOrderLink[]> {
  const rows = await db
    .select({ link: orderLinks, actName: activities.actName, config: orderConfigs.config })
    .from(orderLinks)
    .innerJoin(activities, eq(activities.actSn, orderLinks.actSn))
    .leftJoin(orderConfigs, eq(orderConfigs.actSn, orderLinks.actSn))
    .where(eq(orderLinks.projectSn, projectSn))
    .orderBy(desc(orderLinks.createdAt), desc(orderLinks.linkSn))
    .limit(500);
  return rows.map((r) => viewOf(r.link, r.actName, configOf(r.config), now));
}

/** The project of a link, for the per-project check of /ops (null: no such link, the route's 404). */
export async function orderLinkProject(db: Db, linkSn: string): Promise<string | null> {
  const [row] = await db
    .select({ projectSn: orderLinks.projectSn })
    .from(orderLinks)
    .where(eq(orderLinks.linkSn, linkSn))
    .limit(1);
  return row?.projectSn ?? null;
}

/** Voids an unused link (an expired one too, so the list says why it stopped); a used one stays as it is. */
export async function voidOrderLink(db: Db, linkSn: string, voidedBy: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orderLinks).where(eq(orderLinks.linkSn, linkSn)).for('update');
    if (!row) throw notFound(M.notFound);
    if (row.orderNo) throw conflict(M.alreadyUsed);
    if (row.voidedAt) throw conflict(M.alreadyVoided);
    const [updated] = await tx
      .update(orderLinks)
      .set({ voidedAt: now, voidedBy })
      .where(eq(orderLinks.linkSn, linkSn))
      .returning();
    const [item] = await tx
      .select({ actName: activities.actName, config: orderConfigs.config })
      .from(activities)
      .leftJoin(orderConfigs, eq(orderConfigs.actSn, activities.actSn))
      .where(eq(activities.actSn, row.actSn));
    const config = configOf(item?.config);
    const actName = item?.actName ?? row.actSn;
    return { before: viewOf(row, actName, config, now), after: viewOf(updated, actName, config, now) };
  });
}

async function phoneOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ phone: users.phone }).from(users).where(eq(users.userId, userId)).limit(1);
  return row?.phone ?? null;
}

/** Whether the link may still be used by this customer of this project now. */
function usableBy(link: LinkRow | undefined, customer: { phone: string | null; projectSn: string }, now: Date) {
  return (
    !!link &&
    !!customer.phone &&
    link.projectSn === customer.projectSn &&
    link.phone === customer.phone &&
    linkState(link, now) === 'UNUSED'
  );
}

/**
 * A LINK confirmation for the customer opening a link: the link's item and package, priced as the catalogue prices
 * it now, which must still be the total the link offers. Coupons are never offered on it (computePlan, §6).
 */
export async function confirmByLink(
  db: Db,
  user: { userId: string; projectSn: string },
  token: string,
  now = new Date(),
): Promise<Confirmation> {
  if (!TOKEN_PATTERN.test(token)) throw linkInvalid();
  const [link] = await db
    .select()
    .from(orderLinks)
    .where(eq(orderLinks.tokenHash, hashLinkToken(token)))
    .limit(1);
  const phone = await phoneOf(db, user.userId);
  if (!usableBy(link, { phone, projectSn: user.projectSn }, now)) throw linkInvalid();
  const [row] = await db
    .select({ a: activities, config: orderConfigs.config })
    .from(activities)
    .leftJoin(orderConfigs, eq(orderConfigs.actSn, activities.actSn))
    .where(eq(activities.actSn, link.actSn))
    .limit(1);
  if (!row) throw linkInvalid();
  if (row.a.status !== 'ONLINE') throw new AppError(400, ERROR_CODES.SUBMIT_OFF_SHELF, CONFIRM_MESSAGES.offShelf);
  const config = configOf(row.config);
  if (link.packageSn && !config.packages.some((p) => p.packageSn === link.packageSn)) throw linkInvalid();

  const createOrderSn = `CO${now.getTime()}${randomBytes(6).toString('hex')}`;
  const plan = computePlan({
    createOrderSn,
    creatType: 'LINK',
    activity: row.a,
    config,
    packageSn: link.packageSn,
    skuCnt: 1,
    address: null,
    defaultAddress: null,
    now,
  });
  const c = plan.confirmation;
  if (c.confirmOrderAmount.orderTotalAmount !== link.amount || c.orderCourseInfo.packageSn !== link.packageSn)
    throw linkInvalid();
  await db.insert(confirmations).values({
    createOrderSn,
    userId: user.userId,
    actSn: link.actSn,
    packageSn: link.packageSn,
    skuCnt: 1,
    creatType: 'LINK',
    orderLinkSn: link.linkSn,
    expiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
  });
  if (config.deliveryType !== 4) c.defaultAddress = await defaultAddress(db, user.userId);
  return c;
}

/**
 * In the submit's transaction, before the order is written: the confirmation's link, locked until the transaction
 * ends, must still be usable by this customer and offer exactly this order (item, package, total); else §8 1002.
 * A second submit of the same link waits here for the first and then finds it used.
 */
export async function holdOrderLink(
  tx: Tx,
  linkSn: string | null,
  user: { userId: string; projectSn: string },
  c: Confirmation,
  now: Date,
): Promise<void> {
  if (!linkSn) throw linkInvalid();
  const [link] = await tx.select().from(orderLinks).where(eq(orderLinks.linkSn, linkSn)).for('update');
  const phone = await phoneOf(tx, user.userId);
  if (
    !usableBy(link, { phone, projectSn: user.projectSn }, now) ||
    link.actSn !== c.orderCourseInfo.actSn ||
    link.packageSn !== c.orderCourseInfo.packageSn ||
    link.amount !== c.confirmOrderAmount.orderTotalAmount
  )
    throw linkInvalid();
}

/** The link held above is used by the order just written (same transaction). */
export async function useOrderLink(tx: Tx, linkSn: string, orderNo: string, now: Date): Promise<void> {
  await tx.update(orderLinks).set({ orderNo, usedAt: now }).where(eq(orderLinks.linkSn, linkSn));
}
