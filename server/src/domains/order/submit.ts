/**
 * Order submit (§4 submit flow, §5, §8): in one transaction the order token is consumed, the confirmation
 * recomputed, every rule checked again on the server, the coupon locked and spent, and the order with its
 * payments written. The client's amounts are compared, never used.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import type { SubmitPayload, SubmitResult } from '@contract/order';
import { isAreaRestricted } from '@contract/rules/areas';
import { COUPON_REASONS } from '@contract/rules/coupon';
import { firstApplicantError } from '@contract/rules/fields';
import { GUARD_MESSAGES } from '@contract/rules/submit-guard';
import { orderPayments, orders } from './schema';
import { activities } from '../activity/schema';
import { addresses } from '../address/schema';
import { confirmations, orderConfigs, orderTokens } from './schema';
import { couponTemplates, userCoupons } from '../coupon/schema';
import { DEFAULT_ORDER_CONFIG } from './order-config';
import { isoTime, prepareSql, preparedStatement, rawPlaceholder } from '../../runtime/database/prepared';
import { AppError, badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { toAddress } from '../address/service';
import { shipments } from '../shipping/schema';
import { recordAttribution } from '../earnings/service';
import { CONFIRM_MESSAGES, planOf } from './confirm';
import { amountsMatch, priceSubmit } from './pricing';
import { holdOrderLink, useOrderLink } from './order-links';
import { transition } from './state';
import { SOLD_OUT_MESSAGE, takeUnit } from './stock';

export const ORDER_TTL_MS = 30 * 60 * 1000;
export const TOKEN_TTL_MS = 30 * 60 * 1000;

export const SUBMIT_MESSAGES = {
  tokenInvalid: '订单信息已失效，请重新提交',
  unpaidExists: '已存在待支付订单，请完成付款!',
  inProgress: '订单受理中，暂时无法支付!',
  amountMismatch: '订单金额有误，请刷新后重试',
  couponNotAllowed: '当前订单不支持使用优惠券',
  couponMissing: '优惠券不存在',
  couponTaken: '优惠券已被使用，请重新选择',
  userExtraBad: '用户信息格式有误',
  householdTypeNotOffered: '该课程不支持所选入户类型，请重新选择',
} as const;

const submitError = (
  code: (typeof ERROR_CODES)[keyof typeof ERROR_CODES],
  message: string,
  info: Record<string, unknown> | null = null,
) => new AppError(code === ERROR_CODES.SUBMIT_UNPAID_EXISTS ? 409 : 400, code, message, info);

/** Unused tokens kept per confirmation: a page reload or a second tab still works, a loop cannot pile up rows. */
export const LIVE_TOKENS_PER_CONFIRMATION = 3;

/**
 * A fresh single-use token for one confirmation of the user's that has not expired (else the §8 1002 error);
 * unused tokens beyond the newest few are deleted (invalid). One statement, where it was a look-up, an
 * insert and a delete. The delete in the WITH sees the tokens as they were before this statement, so it keeps
 * the newest LIVE - 1 of them beside the new one, and deletes only when the confirmation is the user's and live.
 * Newest: the latest expiry, then the latest issue (tokens issued in one millisecond share their expiry; which of
 * them a plan returned first once decided which was kept).
 */
export async function issueOrderToken(
  db: Db,
  userId: string,
  createOrderSn: string,
  now = new Date(),
): Promise<string> {
  const token = `ot${randomBytes(16).toString('hex')}`;
  const { rows } = await tokenStatement(db).execute({
    token,
    userId,
    createOrderSn,
    now: isoTime(now),
    expiresAt: isoTime(new Date(now.getTime() + TOKEN_TTL_MS)),
  });
  if (!rows.length) throw new AppError(400, ERROR_CODES.SUBMIT_LINK_INVALID, CONFIRM_MESSAGES.linkInvalid);
  return token;
}

/** issueOrderToken's statement, built once per database (runtime/database/prepared.ts). */
const tokenStatement = preparedStatement((db) => {
  const sn = sql.placeholder('createOrderSn');
  const userId = sql.placeholder('userId');
  return prepareSql<{ token: string }>(
    db,
    'order_token_issue',
    sql`
    with live as (
      select ${confirmations.createOrderSn} as sn from ${confirmations}
      where ${confirmations.createOrderSn} = ${sn} and ${confirmations.userId} = ${userId} and ${confirmations.expiresAt} >= ${sql.placeholder('now')}::timestamptz
    ), pruned as (
      delete from ${orderTokens}
      where ${orderTokens.createOrderSn} in (select sn from live) and ${orderTokens.consumedAt} is null and ${orderTokens.token} not in (
        select ${orderTokens.token} from ${orderTokens} where ${orderTokens.createOrderSn} = ${sn} and ${orderTokens.consumedAt} is null
        order by ${orderTokens.expiresAt} desc, ${orderTokens.issuedAt} desc limit ${LIVE_TOKENS_PER_CONFIRMATION - 1}
      )
    )
    insert into ${orderTokens} (token, user_id, create_order_sn, expires_at)
    select ${sql.placeholder('token')}, ${userId}, sn, ${sql.placeholder('expiresAt')}::timestamptz from live
    returning token`,
  );
});

function parseUserInfo(userExtra: string | undefined): Record<string, string> {
  if (!userExtra) return {};
  try {
    const parsed = JSON.parse(userExtra) as { userInfo?: Record<string, unknown> };
    const info =
      parsed && typeof parsed === 'object' && parsed.userInfo && typeof parsed.userInfo === 'object'
        ? parsed.userInfo
        : {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(info))
      if (typeof v === 'string' || typeof v === 'number') out[k] = String(v).trim();
    return out;
  } catch {
    throw badRequest(SUBMIT_MESSAGES.userExtraBad);
  }
}

const orderNoAt = (now: Date) => {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `SO${stamp}${randomBytes(4).toString('hex').toUpperCase()}`;
};

const isUniqueViolation = (err: unknown) => {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (e.code === '23505') return true;
  return false;
};

type Body = Pick<
  SubmitPayload,
  | 'createOrderSn'
  | 'orderToken'
  | 'orderDiscountList'
  | 'discountsAmount'
  | 'payAmount'
  | 'totalAmount'
  | 'orderPreAttachVO'
  | 'remark'
  | 'promoterCode'
>;

export async function submitOrder(
  db: Db,
  user: { userId: string; projectSn: string },
  body: Body,
  expectType: 'COURSE' | 'GOODS' | 'ANY',
  now = new Date(),
): Promise<SubmitResult> {
  try {
    return await db.transaction(async (tx) => {
      // 1. The token, once: whoever updates it first owns this submit. The same statement reads the token's
      // confirmation, the chosen address, the item with its order config as this transaction sees them (one
      // round trip; a cached item could carry a price the transaction never saw), and a course's unpaid order.
      const attach = body.orderPreAttachVO;
      const needsDelivery = attach.deliveryType !== 4;
      const addressId = needsDelivery ? attach.addressId : undefined;
      const [consumed] = await consumeToken(db, tx).execute({
        token: body.orderToken,
        userId: user.userId,
        createOrderSn: body.createOrderSn,
        addressId: addressId ?? null,
        projectSn: user.projectSn,
        now: isoTime(now),
      });
      if (!consumed) throw submitError(ERROR_CODES.SUBMIT_TOKEN_INVALID, SUBMIT_MESSAGES.tokenInvalid);

      // 2. The confirmation, recomputed on the server for the chosen address (as planFor does, with what the
      // statement above read). No default address is looked up: without a chosen one a delivered order is refused.
      const row = consumed.row;
      if (row.expiresAt.getTime() < now.getTime())
        throw submitError(ERROR_CODES.SUBMIT_LINK_INVALID, CONFIRM_MESSAGES.linkInvalid);
      if (!consumed.activity) throw submitError(ERROR_CODES.SUBMIT_LINK_INVALID, CONFIRM_MESSAGES.linkInvalid);
      if (addressId && !consumed.address) throw notFound(CONFIRM_MESSAGES.addressNotFound);
      const itemConfig = { ...DEFAULT_ORDER_CONFIG, ...(consumed.config ?? {}) };
      const plan = planOf(
        row,
        consumed.activity,
        itemConfig,
        consumed.address && toAddress(consumed.address),
        null,
        now,
      );
      const { confirmation: c, activity, config } = plan;
      if (expectType !== 'ANY' && c.orderType !== expectType)
        throw submitError(
          ERROR_CODES.SUBMIT_LINK_INVALID,
          '下单链接异常，请退出重新扫码下单或联系客服人员重新生成下单链接!',
        );
      if (activity.status !== 'ONLINE')
        throw submitError(ERROR_CODES.SUBMIT_OFF_SHELF, '课程已下架，请联系客服安排其他课程!');
      // A single-use link's order: its link, locked, must still offer exactly this order (else §8 1002); a second
      // submit of the link waits here for the first and finds it used. The link is used with the order below.
      if (row.creatType === 'LINK') await holdOrderLink(tx, row.orderLinkSn, user, c, now);

      // 3. One unpaid order per course and customer (§8 1005, with that order's number), read by the statement
      // above; goods may be bought again while an earlier order is unpaid, so for them nothing is looked up.
      if (consumed.unpaidOrderNo)
        throw submitError(ERROR_CODES.SUBMIT_UNPAID_EXISTS, SUBMIT_MESSAGES.unpaidExists, {
          orderNo: consumed.unpaidOrderNo,
        });
      if (c.disableFlag) throw submitError(ERROR_CODES.SUBMIT_SERVER_MESSAGE, c.disableReason || '该商品暂不支持购买');

      // 4. The §5 rules, in the storefront's order.
      const values = parseUserInfo(attach.userExtra);
      const fieldError = firstApplicantError(c.restrict, values);
      if (fieldError) throw badRequest(fieldError);
      if (attach.deliveryType !== c.deliveryType)
        throw submitError(ERROR_CODES.SUBMIT_AMOUNT_MISMATCH, SUBMIT_MESSAGES.amountMismatch);
      const address = needsDelivery ? c.defaultAddress : null;
      if (needsDelivery && (!attach.addressId || !address)) throw badRequest(GUARD_MESSAGES.addressRequired);
      if (address && c.freightAreasType === 2 && isAreaRestricted(address, c.invalidAreas))
        throw badRequest(GUARD_MESSAGES.areaUnsupported);
      if (c.isHousehold && !attach.householdType) throw badRequest(GUARD_MESSAGES.householdRequired);
      if (c.isHousehold && !c.householdTypes.some((h) => h.type === attach.householdType))
        throw badRequest(SUBMIT_MESSAGES.householdTypeNotOffered);

      // 5. The coupon: the customer's own, unused, in its window, applicable; priced on the whole order by the rule
      // the storefront uses (order-pricing.ts), and locked by spending it below.
      const first = plan.payments[0];
      let coupon: { rcSn: string; couponSn: string } | null = null;
      let found: Parameters<typeof priceSubmit>[1] = null;
      const wanted = body.orderDiscountList[0];
      if (wanted) {
        if (!c.couponAllowed) throw badRequest(SUBMIT_MESSAGES.couponNotAllowed);
        [found = null] = await tx
          .select({ t: couponTemplates, r: userCoupons })
          .from(userCoupons)
          .innerJoin(couponTemplates, eq(userCoupons.couponSn, couponTemplates.couponSn))
          .where(
            and(
              eq(userCoupons.rcSn, wanted.discountReceiveSn),
              eq(userCoupons.userId, user.userId),
              eq(couponTemplates.projectSn, user.projectSn),
            ),
          )
          .limit(1);
        if (!found) throw badRequest(SUBMIT_MESSAGES.couponMissing);
        coupon = { rcSn: found.r.rcSn, couponSn: found.t.couponSn };
      }
      const orderAmount = c.confirmOrderAmount.orderTotalAmount;
      const price = priceSubmit({ orderAmount, payments: plan.payments.map((p) => p.amount) }, found, {
        actSn: activity.actSn,
        allowed: true,
        now,
      });
      if (price.refused !== null)
        throw badRequest(price.refused === COUPON_REASONS.used ? SUBMIT_MESSAGES.couponTaken : price.refused);
      const { discount } = price;
      const firstDue = price.payable;
      if (!amountsMatch(body, orderAmount, price))
        throw submitError(ERROR_CODES.SUBMIT_AMOUNT_MISMATCH, SUBMIT_MESSAGES.amountMismatch);

      // 6. The order, its payments, and the coupon spent on it.
      const orderNo = orderNoAt(now);
      let status: 'UNPAID' | 'UNPAID_BALANCE' | 'UNPAID_INSTALLMENTS' | 'PAID' = 'UNPAID';
      if (firstDue === 0) {
        const next = transition('UNPAID', { type: 'PAY', seq: 1, count: plan.payments.length, kind: first.kind });
        if (next.ok) status = next.to as typeof status;
      }
      const rules = c.restrict;
      // The order, its payments and its parcel in one statement (placeOrder).
      const snapshot = {
        orderCourseInfo: c.orderCourseInfo,
        courseName: activity.actName,
        cover: activity.cover,
        skuCnt: c.orderCourseInfo.skuCnt,
        packageName: config.packages.find((p) => p.packageSn === c.orderCourseInfo.packageSn)?.packageName ?? null,
        packageCourseList: c.packageCourseList,
        giftCourseList: c.giftCourseList,
        confirmOrderAmount: c.confirmOrderAmount,
        goodsType: c.orderType === 'COURSE' ? 'RIGHT_COURSE' : null,
        address,
        // keyName travels with the value so views can mask ID numbers and phones.
        applicant: rules
          .map((r) => ({ label: r.label, keyName: r.keyName, value: values[r.nKey] ?? '' }))
          .filter((a) => a.value),
        householdType: c.isHousehold ? (attach.householdType ?? null) : null,
        remark: body.remark?.trim() || null,
        agreementSn: c.agreementSn,
        agreementName: c.agreementName,
        coupon,
        // The unit taken below, given back once if this order is cancelled or expires unpaid (state-db.ts).
        stockTaken: true,
      };
      const orderValues: Record<string, unknown> = {
        orderNo,
        createOrderSn: c.createOrderSn,
        projectSn: user.projectSn,
        userId: user.userId,
        actSn: activity.actSn,
        orderType: c.orderType,
        orderPayType: c.orderPayType,
        status,
        totalAmount: c.confirmOrderAmount.orderTotalAmount - discount,
        discountAmount: discount,
        freight: c.confirmOrderAmount.freight,
        snapshot,
        expiresAt: isoTime(status === 'UNPAID' ? new Date(now.getTime() + ORDER_TTL_MS) : null),
        now: isoTime(now),
      };
      plan.payments.forEach((p, i) => {
        const paidNow = i === 0 && firstDue === 0;
        const amount = price.payments[i];
        Object.assign(orderValues, {
          [`seq${i}`]: p.seq,
          [`kind${i}`]: p.kind,
          [`amount${i}`]: amount,
          [`dueTime${i}`]: isoTime(p.dueTime),
          [`status${i}`]: paidNow ? 'PAID' : 'UNPAID',
          [`paidAmount${i}`]: paidNow ? 0 : null,
          [`paidAt${i}`]: paidNow ? isoTime(now) : null,
        });
      });
      // A goods order that sends something gets its parcel in the same statement.
      await placeOrder(plan.payments.length, c.orderType === 'GOODS' && address !== null)(db, tx).execute(orderValues);
      if (row.creatType === 'LINK' && row.orderLinkSn) await useOrderLink(tx, row.orderLinkSn, orderNo, now);
      if (coupon) {
        const spent = await tx
          .update(userCoupons)
          .set({ state: 2, usedOrderNo: orderNo, usedAt: now })
          .where(and(eq(userCoupons.rcSn, coupon.rcSn), eq(userCoupons.state, 1)))
          .returning({ rcSn: userCoupons.rcSn });
        if (!spent.length) throw badRequest(SUBMIT_MESSAGES.couponTaken);
      }
      // 7. The promoter whose share link brought the customer earns this order's commission.
      await recordAttribution(tx, {
        orderNo,
        promoterCode: body.promoterCode,
        buyerUserId: user.userId,
        projectSn: user.projectSn,
        actSn: activity.actSn,
        totalAmount: c.confirmOrderAmount.orderTotalAmount - discount,
        freight: c.confirmOrderAmount.freight,
        now,
      });
      // 8. One unit of the item, last: its row stays locked until commit (two customers and the last unit: one
      // order). Sold out: §8 1006 with the server's message. Deposits and instalments take it here, once.
      const [taken] = await takeUnit(db, tx).execute({ actSn: activity.actSn });
      if (!taken) throw submitError(ERROR_CODES.SUBMIT_SERVER_MESSAGE, SOLD_OUT_MESSAGE);
      return {
        orderNo,
        payAmount: firstDue,
        totalAmount: c.confirmOrderAmount.orderTotalAmount - discount,
        orderStatus: status,
      };
    });
  } catch (err) {
    // Two submits of one confirmation at once: the unique createOrderSn lets one through.
    if (isUniqueViolation(err)) throw submitError(ERROR_CODES.SUBMIT_IN_PROGRESS, SUBMIT_MESSAGES.inProgress);
    throw err;
  }
}

/**
 * The submit's first statement (runtime/database/prepared.ts): the token consumed, with its confirmation, the chosen
 * address (none when addressId is null: `address_id = NULL` matches no row, so the left join gives no address), the
 * project's item of the confirmation with its order config (none when the item is gone), and for a course the
 * customer's order of it still awaiting payment (a goods item's is never looked up).
 */
const consumeToken = preparedStatement((db) => {
  const unpaid = db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(
      and(
        eq(orders.userId, sql.placeholder('userId')),
        eq(orders.actSn, activities.actSn),
        or(
          and(eq(orders.status, 'UNPAID'), gt(orders.expiresAt, sql.placeholder('now'))),
          inArray(orders.status, ['UNPAID_BALANCE', 'UNPAID_INSTALLMENTS']),
        ),
      ),
    )
    .limit(1);
  return db
    .update(orderTokens)
    .set({ consumedAt: rawPlaceholder('now') })
    .from(confirmations)
    .leftJoin(
      addresses,
      and(eq(addresses.addressId, sql.placeholder('addressId')), eq(addresses.userId, sql.placeholder('userId'))),
    )
    .leftJoin(
      activities,
      and(eq(activities.actSn, confirmations.actSn), eq(activities.projectSn, sql.placeholder('projectSn'))),
    )
    .leftJoin(orderConfigs, eq(orderConfigs.actSn, activities.actSn))
    .where(
      and(
        eq(orderTokens.token, sql.placeholder('token')),
        eq(orderTokens.userId, sql.placeholder('userId')),
        eq(orderTokens.createOrderSn, sql.placeholder('createOrderSn')),
        isNull(orderTokens.consumedAt),
        gt(orderTokens.expiresAt, sql.placeholder('now')),
        eq(confirmations.createOrderSn, orderTokens.createOrderSn),
        eq(confirmations.userId, sql.placeholder('userId')),
      ),
    )
    .returning({
      row: getTableColumns(confirmations),
      address: getTableColumns(addresses),
      activity: getTableColumns(activities),
      config: orderConfigs.config,
      unpaidOrderNo: sql<string | null>`case when ${activities.actType} = 'COURSE' then (${unpaid}) end`,
    })
    .prepare('order_token_consume');
});

/**
 * The order, its payments and, when it sends something, its parcel (TO_SHIP, the column's default) in one
 * statement, one prepared shape per number of payments (1 for most orders, 2 for a deposit, the instalment count
 * otherwise; an operator's setting, so few shapes) with or without the parcel. Placeholders: the order's columns,
 * `now`, and per payment i seq{i}, kind{i}, amount{i}, dueTime{i}, status{i}, paidAmount{i}, paidAt{i}.
 */
const placeOrderShapes = new Map<string, ReturnType<typeof orderStatement>>();
function placeOrder(payments: number, parcel: boolean) {
  const key = `${payments}${parcel ? '_parcel' : ''}`;
  let statement = placeOrderShapes.get(key);
  if (!statement) placeOrderShapes.set(key, (statement = orderStatement(payments, parcel, key)));
  return statement;
}
function orderStatement(payments: number, parcel: boolean, key: string) {
  const p = sql.placeholder;
  return preparedStatement((db) => {
    const order = db.insert(orders).values({
      orderNo: p('orderNo'),
      createOrderSn: p('createOrderSn'),
      projectSn: p('projectSn'),
      userId: p('userId'),
      actSn: p('actSn'),
      orderType: p('orderType'),
      orderPayType: p('orderPayType'),
      status: p('status'),
      totalAmount: p('totalAmount'),
      discountAmount: p('discountAmount'),
      freight: p('freight'),
      snapshot: p('snapshot'),
      expiresAt: rawPlaceholder('expiresAt'),
      createdAt: rawPlaceholder('now'),
      updatedAt: rawPlaceholder('now'),
    });
    // The foreign keys of the payments and the parcel are checked at the statement's end, after the order.
    const placed = db.$with('placed').as(order);
    const shipped = db.$with('shipped').as(db.insert(shipments).values({ orderNo: p('orderNo') }));
    return db
      .with(...(parcel ? [placed, shipped] : [placed]))
      .insert(orderPayments)
      .values(
        Array.from({ length: payments }, (_, i) => ({
          orderNo: p('orderNo'),
          seq: p(`seq${i}`),
          kind: p(`kind${i}`),
          amount: p(`amount${i}`),
          dueTime: rawPlaceholder(`dueTime${i}`),
          status: p(`status${i}`),
          paidAmount: rawPlaceholder(`paidAmount${i}`),
          paidAt: rawPlaceholder(`paidAt${i}`),
        })),
      )
      .prepare(`order_place_${key}`);
  });
}
