/**
 * Order confirmation (§3 course order confirmation): what an order of an item costs and needs, computed from the
 * item, its ordering rules (order_configs) and the customer's address. Submit recomputes it the same way, so a
 * client's amounts are never trusted.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Address } from '@contract/address';
import { HOUSEHOLD_TYPES, type Confirmation } from '@contract/order';
import { HOLD_TYPES } from '@contract/constants';
import type { PointsPrice } from '@contract/rules/integral';
import { ERROR_CODES } from '@contract/common';
import { isoTime, preparedStatement, rawPlaceholder } from '../../runtime/database/prepared';
import { activities, type ActivityExtras } from '../activity/schema';
import { addresses } from '../address/schema';
import { confirmations, orderConfigs, type OrderConfig } from './schema';
import { DEFAULT_ORDER_CONFIG } from './order-config';
import { AppError, badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { DEFAULT_FIRST, defaultAddress, findAddress, toAddress } from '../address/service';
import { findOnline } from '../activity/items';
import { priceItem, type PlannedPayment } from './pricing';
import { readPointsPrice } from '../activity/points-price';
import { readCache } from '../../runtime/read-cache';
import { couponsForItem, couponsForOrder } from '../coupon/service';
import { isSoldOut, SOLD_OUT_MESSAGE } from './stock';

export const CONFIRM_TTL_MS = 30 * 60 * 1000;

export const CONFIRM_MESSAGES = {
  notFound: '商品不存在或已下架',
  linkInvalid: '下单链接异常，请退出重新扫码下单或联系客服人员重新生成下单链接!',
  offShelf: '课程已下架，请联系客服安排其他课程!',
  badPackage: '套餐不存在',
  addressNotFound: '收货地址不存在',
} as const;

type Activity = typeof activities.$inferSelect;

/**
 * The §3 hold types the operator chose for a household course, in the order of HOUSEHOLD_TYPES; an item saved
 * before the choice existed (none chosen) offers them all rather than none, so it can still be ordered.
 */
function householdTypesOf(activity: Activity): Confirmation['householdTypes'] {
  const chosen = (activity.detail as Partial<ActivityExtras>).holdTypes ?? [];
  return HOUSEHOLD_TYPES.filter((type) => !chosen.length || chosen.includes(type)).map((type) => ({
    type,
    name: HOLD_TYPES[type],
  }));
}
type ConfirmationRow = typeof confirmations.$inferSelect;

export interface Plan {
  confirmation: Confirmation;
  activity: Activity;
  config: OrderConfig;
  /** order_payments rows to create, before a coupon: seq, kind, amount, due. */
  payments: PlannedPayment[];
}

export async function loadConfig(db: Pick<Db, 'select'>, actSn: string): Promise<OrderConfig> {
  const [row] = await db.select().from(orderConfigs).where(eq(orderConfigs.actSn, actSn)).limit(1);
  return { ...DEFAULT_ORDER_CONFIG, ...(row?.config ?? {}) };
}

/**
 * §7 discount coupon list by course or package sn and total amount: the customer's coupons for the item the sn names
 * at that amount (fen), as coupon/order/list answers for the item.
 */
export async function couponsForCourseOrPackage(
  db: Db,
  user: { userId: string; projectSn: string },
  sns: { courseSn?: string; packageSn?: string },
  totalAmount: number,
) {
  if (!sns.courseSn && !sns.packageSn) throw badRequest('缺少课程或套餐编号');
  return couponsForItem(db, user, await itemOfCourseOrPackage(db, user.projectSn, sns), totalAmount);
}

/**
 * The project's item a course sn (the course item's own sn) or a package sn (one of an item's packages) names; 404
 * when none is.
 */
async function itemOfCourseOrPackage(
  db: Db,
  projectSn: string,
  sns: { courseSn?: string; packageSn?: string },
): Promise<string> {
  const [row] = sns.packageSn
    ? await db
        .select({ actSn: activities.actSn })
        .from(orderConfigs)
        .innerJoin(activities, eq(activities.actSn, orderConfigs.actSn))
        .where(
          and(
            eq(activities.projectSn, projectSn),
            sql`${orderConfigs.config} -> 'packages' @> ${JSON.stringify([{ packageSn: sns.packageSn }])}::jsonb`,
          ),
        )
        .limit(1)
    : await db
        .select({ actSn: activities.actSn })
        .from(activities)
        .where(and(eq(activities.actSn, sns.courseSn ?? ''), eq(activities.projectSn, projectSn)))
        .limit(1);
  if (!row) throw notFound(sns.packageSn ? '套餐不存在' : '课程不存在');
  return row.actSn;
}

/** The pure computation: amounts, schedule and flags of a new order (installmentPayNum 1). */
export function computePlan(args: {
  createOrderSn: string;
  creatType: 'TARGET' | 'LINK';
  activity: Activity;
  config: OrderConfig;
  packageSn: string | null;
  skuCnt: number;
  address: Address | null;
  defaultAddress: Address | null;
  now: Date;
}): Plan {
  const { activity, config, skuCnt, now } = args;
  const pkg =
    config.packages.find((p) => p.packageSn === args.packageSn) ?? (args.packageSn ? undefined : config.packages[0]);
  if (args.packageSn && !pkg) throw badRequest(CONFIRM_MESSAGES.badPackage);
  const needsDelivery = config.deliveryType !== 4;
  const { orderPayType, payments, confirmOrderAmount } = priceItem({ price: activity.price, config, pkg, skuCnt, now });
  const address = needsDelivery ? (args.address ?? args.defaultAddress) : null;
  const isLink = args.creatType === 'LINK';

  const confirmation: Confirmation = {
    createOrderSn: args.createOrderSn,
    creatType: args.creatType,
    orderType: activity.actType === 'COURSE' ? 'COURSE' : 'GOODS',
    orderPayType,
    confirmOrderType: config.confirmOrderType,
    deliveryType: config.deliveryType,
    isHousehold: config.isHousehold,
    householdTypes: config.isHousehold ? householdTypesOf(activity) : [],
    agreementSn: config.agreementSn,
    agreementName: config.agreementSn ? '课程购买协议' : null,
    electronicProtocol: config.electronicProtocol,
    disableFlag: config.disableFlag,
    disableReason: config.disableReason,
    hasProductIntroduce: config.hasProductIntroduce,
    freightAreasType: config.freightAreasType,
    invalidAreas: config.invalidAreas,
    restrict: config.restrict.map((r) => ({
      nKey: r.nKey,
      keyName: r.keyName,
      label: r.label,
      placeholder: null,
      value: '',
      required: r.required,
      echoValue: null,
      idCardType: r.idCardType,
      multiline: Boolean(r.multiline),
      submitTips: r.submitTips ?? null,
    })),
    orderCourseInfo: {
      actSn: activity.actSn,
      courseSn: pkg?.courses[0]?.courseSn ?? activity.actSn,
      packageSn: pkg?.packageSn ?? null,
      courseName: pkg ? `${activity.actName}（${pkg.packageName}）` : activity.actName,
      courseCover: activity.cover,
      skuCnt,
      freight: confirmOrderAmount.freight,
    },
    packageCourseList: (pkg?.courses ?? []).map((c) => ({ ...c, courseCover: null })),
    giftCourseList: config.giftCourses.map((c) => ({ ...c, courseCover: null })),
    confirmOrderAmount,
    couponAllowed: config.confirmOrderType !== 2 && !isLink,
    defaultAddress: address,
  };
  return { confirmation, activity, config, payments };
}

async function loadActivity(db: Pick<Db, 'select'>, actSn: string, projectSn: string): Promise<Activity | null> {
  const [row] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.actSn, actSn), eq(activities.projectSn, projectSn)))
    .limit(1);
  return row ?? null;
}

const detailKey = (actSn: string) => `detail:${actSn}`;

/**
 * An ONLINE item of the project and its order config, as the read model (runtime/read-cache.ts) the detail shows;
 * a 404 when there is none.
 */
export function onlineItemWithConfig(db: Db, projectSn: string, actSn: string): Promise<OnlineItem> {
  return readCache(db).get(projectSn, detailKey(actSn), () => loadOnline(db, projectSn, actSn));
}

type OnlineItem = { a: Activity; config: OrderConfig; pointsPrice: PointsPrice | null };

async function loadOnline(db: Pick<Db, 'select'>, projectSn: string, actSn: string): Promise<OnlineItem> {
  const item = await findOnline(db, projectSn, actSn);
  const pointsPrice = item.actType === 'INTEGRAL' ? await readPointsPrice(db, item.actSn) : null;
  return { a: item, config: await loadConfig(db, item.actSn), pointsPrice };
}

/** A new confirmation for an item (by targetSn): the customer starts ordering it. */
export async function confirmByTarget(
  db: Db,
  user: { userId: string; projectSn: string },
  input: { targetSn: string; packageSn?: string; thirdEnum?: string; skuCnt?: number },
  now = new Date(),
): Promise<Confirmation> {
  // An online item comes from the read model; any other is read to tell unknown (404) from off the shelf.
  const online = await onlineItemWithConfig(db, user.projectSn, input.targetSn).catch((err: unknown) => {
    if (err instanceof AppError && err.statusCode === 404) return null;
    throw err;
  });
  const activity = online?.a ?? (await loadActivity(db, input.targetSn, user.projectSn));
  if (!activity) throw notFound(CONFIRM_MESSAGES.notFound);
  if (activity.status !== 'ONLINE') throw new AppError(400, ERROR_CODES.SUBMIT_OFF_SHELF, CONFIRM_MESSAGES.offShelf);
  // Sold out: told before the form is filled, in the submit's words (§8 1006); the submit still decides.
  if (await isSoldOut(db, activity)) throw new AppError(400, ERROR_CODES.SUBMIT_SERVER_MESSAGE, SOLD_OUT_MESSAGE);
  const config = online?.config ?? (await loadConfig(db, activity.actSn));
  const createOrderSn = `CO${now.getTime()}${randomBytes(6).toString('hex')}`;
  const skuCnt = activity.actType === 'COURSE' ? 1 : (input.skuCnt ?? 1);
  // The plan is pure and checked before anything is written (an unknown package is a 400); of all it shows only
  // the default address comes from the database, read by the statement that stores the confirmation.
  const plan = computePlan({
    createOrderSn,
    creatType: 'TARGET',
    activity,
    config,
    packageSn: input.packageSn ?? null,
    skuCnt,
    address: null,
    defaultAddress: null,
    now,
  });
  const values = {
    createOrderSn,
    userId: user.userId,
    actSn: activity.actSn,
    packageSn: plan.confirmation.orderCourseInfo.packageSn,
    skuCnt,
    thirdEnum: input.thirdEnum ?? null,
    expiresAt: isoTime(new Date(now.getTime() + CONFIRM_TTL_MS)),
  };
  if (config.deliveryType === 4) await storeConfirmation(db).execute(values);
  else {
    const [first] = await storeConfirmationReadAddress(db).execute(values);
    plan.confirmation.defaultAddress = first ? toAddress(first) : null;
  }
  return plan.confirmation;
}

/** A new confirmation (TARGET) from placeholders; the statements below are built once per database. */
const newConfirmation = (db: Db) =>
  db.insert(confirmations).values({
    createOrderSn: sql.placeholder('createOrderSn'),
    userId: sql.placeholder('userId'),
    actSn: sql.placeholder('actSn'),
    packageSn: rawPlaceholder('packageSn'),
    skuCnt: sql.placeholder('skuCnt'),
    thirdEnum: rawPlaceholder('thirdEnum'),
    creatType: 'TARGET',
    expiresAt: rawPlaceholder('expiresAt'),
  });
const storeConfirmation = preparedStatement((db) => newConfirmation(db).prepare('confirmation_store'));
/**
 * Storing the confirmation and reading the default address in one statement, not two. A data-modifying
 * WITH runs to completion whether or not it is read.
 */
const storeConfirmationReadAddress = preparedStatement((db) =>
  db
    .with(db.$with('stored').as(newConfirmation(db)))
    .select()
    .from(addresses)
    .where(eq(addresses.userId, sql.placeholder('userId')))
    .orderBy(...DEFAULT_FIRST)
    .limit(1)
    .prepare('confirmation_store_address'),
);

/** The user's own, unexpired confirmation, or the §8 1002 error. */
export async function loadConfirmation(
  db: Pick<Db, 'select'>,
  userId: string,
  createOrderSn: string,
  now = new Date(),
): Promise<ConfirmationRow> {
  const [row] = await db
    .select()
    .from(confirmations)
    .where(and(eq(confirmations.createOrderSn, createOrderSn), eq(confirmations.userId, userId)))
    .limit(1);
  if (!row || row.expiresAt.getTime() < now.getTime())
    throw new AppError(400, ERROR_CODES.SUBMIT_LINK_INVALID, CONFIRM_MESSAGES.linkInvalid);
  return row;
}

/** Recomputes a confirmation, for an address (freight, restrictions). */
export async function planFor(
  db: Pick<Db, 'select'>,
  user: { userId: string; projectSn: string },
  row: ConfirmationRow,
  addressId: string | undefined,
  now = new Date(),
): Promise<Plan> {
  const activity = await loadActivity(db, row.actSn, user.projectSn);
  if (!activity) throw new AppError(400, ERROR_CODES.SUBMIT_LINK_INVALID, CONFIRM_MESSAGES.linkInvalid);
  const config = await loadConfig(db, activity.actSn);
  let address: Address | null = null;
  if (addressId) {
    address = await findAddress(db as Db, user.userId, addressId);
    if (!address) throw notFound(CONFIRM_MESSAGES.addressNotFound);
  }
  return planOf(
    row,
    activity,
    config,
    address,
    address ? null : config.deliveryType !== 4 ? await defaultAddress(db as Db, user.userId) : null,
    now,
  );
}

/** The customer's coupons for a stored confirmation, usable ones first (the coupon picker of the confirm page). */
export async function couponsForConfirmation(
  db: Db,
  user: { userId: string; projectSn: string },
  createOrderSn: string,
) {
  const row = await loadConfirmation(db, user.userId, createOrderSn);
  const plan = await planFor(db, user, row, undefined);
  const c = plan.confirmation;
  return couponsForOrder(db, user.userId, user.projectSn, {
    actSn: c.orderCourseInfo.actSn,
    payments: plan.payments.map((p) => p.amount),
    orderAmount: c.confirmOrderAmount.orderTotalAmount,
    allowed: c.couponAllowed,
    now: new Date(),
  });
}

/** The plan of a stored confirmation from its item, config and address, already read. */
export function planOf(
  row: ConfirmationRow,
  activity: Activity,
  config: OrderConfig,
  address: Address | null,
  fallback: Address | null,
  now: Date,
): Plan {
  return computePlan({
    createOrderSn: row.createOrderSn,
    creatType: row.creatType === 'LINK' ? 'LINK' : 'TARGET',
    activity,
    config,
    packageSn: row.packageSn,
    skuCnt: row.skuCnt,
    address,
    defaultAddress: fallback,
    now,
  });
}
