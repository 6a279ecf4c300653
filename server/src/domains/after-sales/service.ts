/**
 * After-sales applications: what a customer may ask back of an order, applying, editing, cancelling,
 * the return shipment, and the views of both sides. Every change locks the order row first (then the
 * application), the order every other writer of an order takes, so two applications can never together hold
 * more than the order paid. Each change writes a negotiation record in the same transaction.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  AFTER_SALE_DUE_DAYS,
  REFUND_CHANNEL_TEXT,
  type AfterSaleApply,
  type AfterSaleDetail,
  type AfterSaleEdit,
  type AfterSaleNext,
  type AfterSaleRefer,
  type AfterSaleSummary,
  type LogisticsInfo,
  type LogisticsSave,
  type NegotiationRecord,
  type RefundChannel,
} from '@contract/after-sales';
import {
  AFTER_SALE_EVENT_TEXT,
  AFTER_SALE_REASONS,
  AFTER_SALE_STATE_TEXT,
  AFTER_SALE_TABS,
  AFTER_SALE_TYPE_TEXT,
  afterSaleTransition,
  OPEN_AFTER_SALE_STATES,
  type AfterSaleActor,
  type AfterSaleEvent,
  type AfterSaleState,
  type AfterSaleTab,
} from '@contract/rules/after-sale';
import { formatChinaTime } from '@contract/rules/china-time';
import { fenToYuanText as formatYuan } from '@contract/rules/money';
import { carrierOf, checkTrackingNo, normaliseTrackingNo, TRACK_STATE_TEXT } from '@contract/rules/logistics';
import { afterSaleApplications, afterSaleLogistics, afterSaleRecords } from './schema';
import { orders } from '../order/schema';
import { payments } from '../payment/schema';
import { badRequest, conflict, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import type { AfterSalesConfig } from './config';
import { refundWindowOf } from './refund-window';
import {
  lockOrder,
  orderNotFound,
  orderPaymentRows,
  type Executor,
  type OrderPaymentRow,
  type OrderRow,
  type Tx,
} from '../order/state-db';
import { PAID_STATES } from '../order/state';
import { courseNameOf, readSnapshot } from '../order/view';
import type { CachedTracker } from '../shipping/providers/tracking';
import { findOwnParcel, toShipment } from '../shipping/service';
import type { Session } from '../../runtime/sessions';
import { userDir, type StorageProvider } from '../upload/service';
import { noteRefundResult } from '../notification/events';

export type ApplicationRow = typeof afterSaleApplications.$inferSelect;
/** An application's share of each payment (stored in `seqs`): what it asks back of payment `seq`. */
export type Allocation = { seq: number; amount: number };

export const AFTER_SALE_MESSAGES = {
  notFound: '售后申请不存在',
  notRefundable: '该订单暂不支持申请售后',
  noRefundTag: '该商品不支持退款',
  nothingLeft: '该订单已无可退金额',
  badSeq: '请选择已支付的期数',
  badImage: '图片不存在或不是您上传的，请重新上传',
  overLimit: (max: number) => `退款金额不能超过可退金额${formatYuan(max)}元`,
  badTracking: '快递单号格式不正确',
  courseOnly: '该订单不是课程订单',
  openExists: '该订单已有处理中的售后申请',
} as const;

export const newApplicationNo = (now = new Date()) =>
  `AS${now.getTime()}${randomBytes(4).toString('hex').toUpperCase()}`;

const allocationsOf = (row: ApplicationRow): Allocation[] =>
  (row.seqs as unknown[]).map((v) => (typeof v === 'number' ? { seq: v, amount: 0 } : (v as Allocation)));

function paymentLabel(order: OrderRow, row: OrderPaymentRow): string {
  if (order.orderPayType === 2) return row.kind === 'FINAL' || row.seq === 2 ? '尾款' : '定金';
  if (order.orderPayType === 3) return `第${row.seq}期`;
  return '订单金额';
}

/** What each paid payment of the order still has to give back (paid less what open or refunded applications hold). */
async function refundableBySeq(db: Executor, order: OrderRow, exceptApplicationNo?: string) {
  const rows = await orderPaymentRows(db, order.orderNo);
  const apps = await db
    .select()
    .from(afterSaleApplications)
    .where(
      and(
        eq(afterSaleApplications.orderNo, order.orderNo),
        inArray(afterSaleApplications.state, [...OPEN_AFTER_SALE_STATES, 'REFUNDED']),
      ),
    );
  const held = new Map<number, number>();
  for (const a of apps) {
    if (a.applicationNo === exceptApplicationNo) continue;
    for (const p of allocationsOf(a)) held.set(p.seq, (held.get(p.seq) ?? 0) + p.amount);
  }
  return rows
    .filter((r) => r.status === 'PAID' && (r.paidAmount ?? 0) > 0)
    .map((r) => ({
      seq: r.seq,
      label: paymentLabel(order, r),
      paid: r.paidAmount ?? 0,
      refundable: Math.max(0, (r.paidAmount ?? 0) - (held.get(r.seq) ?? 0)),
    }));
}

/** Why the order takes no new application at `now`, or null (paid, then the §3 refund tags and their windows). */
async function whyNotRefundable(db: Executor, order: OrderRow, now = new Date()): Promise<string | null> {
  if (!PAID_STATES.includes(order.status) && order.status !== 'REFUND_PART') return AFTER_SALE_MESSAGES.notRefundable;
  const window = await refundWindowOf(db, order, now);
  return window.allowed ? null : window.reason;
}

/** refund/refer: what the apply page offers for the customer's order. */
export async function referInfo(db: Db, userId: string, orderNo: string, editing?: string): Promise<AfterSaleRefer> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)))
    .limit(1);
  if (!order) throw orderNotFound();
  const payments = await refundableBySeq(db, order, editing);
  const maxAmount = payments.reduce((s, p) => s + p.refundable, 0);
  const why = (await whyNotRefundable(db, order)) ?? (maxAmount === 0 ? AFTER_SALE_MESSAGES.nothingLeft : null);
  return {
    orderNo,
    courseName: await courseNameOf(db, order),
    allowed: why === null,
    notAllowedReason: why,
    payments,
    maxAmount,
    reasons: [...AFTER_SALE_REASONS],
  };
}

/** Spreads `amount` over the chosen seqs in order, each up to what it can still give; 400 when it does not fit. */
function allocate(
  available: Awaited<ReturnType<typeof refundableBySeq>>,
  seqs: number[],
  amount: number,
): Allocation[] {
  const chosen = seqs.length ? [...new Set(seqs)].sort((a, b) => a - b) : available.map((p) => p.seq);
  const parts = chosen.map((seq) => available.find((p) => p.seq === seq));
  if (parts.some((p) => !p)) throw badRequest(AFTER_SALE_MESSAGES.badSeq);
  const max = parts.reduce((s, p) => s + p!.refundable, 0);
  if (max === 0) throw conflict(AFTER_SALE_MESSAGES.nothingLeft);
  if (amount > max) throw badRequest(AFTER_SALE_MESSAGES.overLimit(max));
  let left = amount;
  const out: Allocation[] = [];
  for (const p of parts) {
    const take = Math.min(p!.refundable, left);
    if (take > 0) out.push({ seq: p!.seq, amount: take });
    left -= take;
  }
  return out;
}

async function ownImages(storage: StorageProvider, session: Session, images: string[]): Promise<string[]> {
  const dir = userDir(session.projectSn, session.userId);
  const out: string[] = [];
  for (const url of images) {
    const key = await storage.keyOfUrl(url.trim(), dir);
    if (!key) throw badRequest(AFTER_SALE_MESSAGES.badImage);
    out.push(storage.urlOf(key));
  }
  return out;
}

export async function addRecord(
  tx: Executor,
  r: {
    applicationNo: string;
    actor: AfterSaleActor;
    event: AfterSaleEvent | 'APPLY';
    message?: string;
    from: AfterSaleState | null;
    to: AfterSaleState;
    at: Date;
  },
) {
  await tx.insert(afterSaleRecords).values({
    applicationNo: r.applicationNo,
    actor: r.actor,
    event: r.event,
    message: r.message ?? '',
    fromState: r.from,
    toState: r.to,
    createdAt: r.at,
  });
}

/** Moves a locked application by `event` (409 with the machine's reason otherwise) and records it. */
export async function moveApplication(
  tx: Tx,
  app: ApplicationRow,
  event: AfterSaleEvent,
  actor: AfterSaleActor,
  at: Date,
  extra: { message?: string; set?: Partial<ApplicationRow> } = {},
): Promise<AfterSaleState> {
  const t = afterSaleTransition(app.state, event);
  if (!t.ok) throw conflict(t.reason);
  await tx
    .update(afterSaleApplications)
    .set({ ...extra.set, state: t.to, updatedAt: at })
    .where(eq(afterSaleApplications.applicationNo, app.applicationNo));
  await addRecord(tx, {
    applicationNo: app.applicationNo,
    actor,
    event,
    message: extra.message,
    from: app.state,
    to: t.to,
    at,
  });
  await noteRefundResult(tx, app, event, at, extra);
  app.state = t.to;
  return t.to;
}

export async function lockApplication(tx: Tx, applicationNo: string): Promise<ApplicationRow | null> {
  const [row] = await tx
    .select()
    .from(afterSaleApplications)
    .where(eq(afterSaleApplications.applicationNo, applicationNo))
    .for('update');
  return row ?? null;
}

async function findOwnApplication(db: Executor, userId: string, applicationNo: string): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(afterSaleApplications)
    .where(and(eq(afterSaleApplications.applicationNo, applicationNo), eq(afterSaleApplications.userId, userId)))
    .limit(1);
  if (!row) throw notFound(AFTER_SALE_MESSAGES.notFound);
  return row;
}

const describe = (type: number, reason: string, amount: number, description: string) =>
  [
    `${AFTER_SALE_TYPE_TEXT[type] ?? ''} ¥${formatYuan(amount)}`,
    `原因：${reason}`,
    description ? `说明：${description}` : '',
  ]
    .filter(Boolean)
    .join('；');

export async function applyForRefund(
  db: Db,
  storage: StorageProvider,
  session: Session,
  body: AfterSaleApply,
  options: { courseOnly?: boolean; now?: Date } = {},
): Promise<{ applicationNo: string }> {
  const at = options.now ?? new Date();
  const images = await ownImages(storage, session, body.images);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, body.orderNo);
    if (!order || order.userId !== session.userId) throw orderNotFound();
    if (options.courseOnly && order.orderType !== 'COURSE') throw badRequest(AFTER_SALE_MESSAGES.courseOnly);
    const why = await whyNotRefundable(tx, order, at);
    if (why) throw conflict(why);
    const parts = allocate(await refundableBySeq(tx, order), body.seqs, body.amount);
    const applicationNo = newApplicationNo(at);
    await tx.insert(afterSaleApplications).values({
      applicationNo,
      projectSn: order.projectSn,
      userId: session.userId,
      orderNo: order.orderNo,
      type: body.type,
      seqs: parts as unknown as number[],
      amount: body.amount,
      reason: body.reason,
      description: body.description,
      images,
      state: 'APPLIED',
      createdAt: at,
      updatedAt: at,
    });
    await addRecord(tx, {
      applicationNo,
      actor: 'CUSTOMER',
      event: 'APPLY',
      message: describe(body.type, body.reason, body.amount, body.description),
      from: null,
      to: 'APPLIED',
      at,
    });
    return { applicationNo };
  });
}

export async function editApplication(
  db: Db,
  storage: StorageProvider,
  session: Session,
  body: AfterSaleEdit,
  now = new Date(),
): Promise<{ applicationNo: string }> {
  const images = await ownImages(storage, session, body.images);
  const own = await findOwnApplication(db, session.userId, body.applicationNo);
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, own.orderNo);
    const app = await lockApplication(tx, own.applicationNo);
    if (!order || !app) throw notFound(AFTER_SALE_MESSAGES.notFound);
    const t = afterSaleTransition(app.state, 'EDIT');
    if (!t.ok) throw conflict(t.reason);
    const parts = allocate(await refundableBySeq(tx, order, app.applicationNo), body.seqs, body.amount);
    await moveApplication(tx, app, 'EDIT', 'CUSTOMER', now, {
      message: describe(body.type, body.reason, body.amount, body.description),
      set: {
        type: body.type,
        seqs: parts as unknown as number[],
        amount: body.amount,
        reason: body.reason,
        description: body.description,
        images,
      },
    });
    return { applicationNo: app.applicationNo };
  });
}

export async function cancelApplication(
  db: Db,
  userId: string,
  applicationNo: string,
  now = new Date(),
): Promise<void> {
  const own = await findOwnApplication(db, userId, applicationNo);
  await db.transaction(async (tx) => {
    await lockOrder(tx, own.orderNo);
    const app = await lockApplication(tx, applicationNo);
    if (!app) throw notFound(AFTER_SALE_MESSAGES.notFound);
    await moveApplication(tx, app, 'CANCEL', 'CUSTOMER', now);
  });
}

/** logistics (first time) and logistics/update (a correction): allowed until the merchant confirms receipt. */
export async function saveLogistics(db: Db, userId: string, body: LogisticsSave, now = new Date()): Promise<void> {
  const wrong = checkTrackingNo(body.carrierCode, body.trackingNo);
  if (wrong) throw badRequest(wrong);
  const trackingNo = normaliseTrackingNo(body.trackingNo);
  const carrier = carrierOf(body.carrierCode)!;
  const own = await findOwnApplication(db, userId, body.applicationNo);
  await db.transaction(async (tx) => {
    await lockOrder(tx, own.orderNo);
    const app = await lockApplication(tx, own.applicationNo);
    if (!app) throw notFound(AFTER_SALE_MESSAGES.notFound);
    await moveApplication(tx, app, 'SHIP', 'CUSTOMER', now, { message: `${carrier.name} ${trackingNo}` });
    await tx
      .insert(afterSaleLogistics)
      .values({
        applicationNo: app.applicationNo,
        carrierCode: carrier.code,
        trackingNo,
        phone: body.phone || null,
        shippedAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: afterSaleLogistics.applicationNo,
        set: { carrierCode: carrier.code, trackingNo, phone: body.phone || null, shippedAt: now, updatedAt: now },
      });
  });
}

/** The customer's return shipment with this carrier and number (another customer's is "not there"). */
export async function findOwnShipment(db: Db, userId: string, carrierCode: string, trackingNo: string) {
  const row = await ownReturnShipment(db, userId, carrierCode, trackingNo);
  if (!row) throw notFound('物流信息不存在');
  return row;
}

async function ownReturnShipment(db: Db, userId: string, carrierCode: string, trackingNo: string) {
  const [row] = await db
    .select({ l: afterSaleLogistics })
    .from(afterSaleLogistics)
    .innerJoin(afterSaleApplications, eq(afterSaleApplications.applicationNo, afterSaleLogistics.applicationNo))
    .where(
      and(
        eq(afterSaleLogistics.carrierCode, carrierCode),
        eq(afterSaleLogistics.trackingNo, normaliseTrackingNo(trackingNo)),
        eq(afterSaleApplications.userId, userId),
      ),
    )
    .orderBy(desc(afterSaleLogistics.updatedAt))
    .limit(1);
  return row?.l ?? null;
}

const goodsOf = async (db: Executor, order: OrderRow | null) => {
  const snap = order ? readSnapshot(order.snapshot) : null;
  return { name: order ? await courseNameOf(db, order) : '', cover: snap?.cover ?? null, quantity: snap?.skuCnt ?? 1 };
};

/**
 * logistics/info: where a parcel of the customer's is, with what it holds (their order's item). Their return
 * parcel is asked of the tracker; a goods order's parcel the merchant sent (the order detail's 查看物流) shows its
 * own history: shipped with the carrier and number, then received.
 */
export async function parcelView(
  db: Db,
  tracker: CachedTracker,
  userId: string,
  carrierCode: string,
  trackingNo: string,
): Promise<LogisticsInfo> {
  const shipment = await ownReturnShipment(db, userId, carrierCode, trackingNo);
  if (!shipment) {
    const carrier = carrierOf(carrierCode);
    const sent = carrier ? await findOwnParcel(db, userId, carrier.name, normaliseTrackingNo(trackingNo)) : null;
    if (!sent || !sent.parcel.trackingNo) throw notFound('物流信息不存在');
    const received = sent.parcel.status === 'RECEIVED';
    return {
      carrierCode: carrier!.code,
      carrierName: carrier!.name,
      trackingNo: sent.parcel.trackingNo,
      state: received ? 'SIGNED' : 'IN_TRANSIT',
      stateText: received ? '已收货' : '已发货',
      traces: toShipment(sent.parcel).events.map((e) => ({
        time: formatChinaTime(e.at, 'YYYY-MM-DD HH:mm:ss'),
        context: e.text,
      })),
      queriedAt: new Date().toISOString(),
      kind: 'ORDER',
      orderNo: sent.order.orderNo,
      applicationNo: null,
      goods: await goodsOf(db, sent.order),
    };
  }
  const r = await tracker.query({
    carrierCode: shipment.carrierCode,
    trackingNo: shipment.trackingNo,
    phone: shipment.phone,
    shippedAt: shipment.shippedAt,
  });
  const [row] = await db
    .select({ order: orders })
    .from(afterSaleApplications)
    .innerJoin(orders, eq(orders.orderNo, afterSaleApplications.orderNo))
    .where(eq(afterSaleApplications.applicationNo, shipment.applicationNo))
    .limit(1);
  return {
    carrierCode: shipment.carrierCode,
    carrierName: carrierOf(shipment.carrierCode)?.name ?? shipment.carrierCode,
    trackingNo: shipment.trackingNo,
    state: r.state,
    stateText: TRACK_STATE_TEXT[r.state],
    traces: r.traces,
    queriedAt: r.queriedAt.toISOString(),
    kind: 'RETURN',
    orderNo: row?.order.orderNo ?? '',
    applicationNo: shipment.applicationNo,
    goods: await goodsOf(db, row?.order ?? null),
  };
}

const ACTOR_TEXT: Record<string, string> = { CUSTOMER: '买家', MERCHANT: '商家', PROVIDER: '系统' };

export async function recordsOf(db: Executor, applicationNo: string): Promise<NegotiationRecord[]> {
  const rows = await db
    .select()
    .from(afterSaleRecords)
    .where(eq(afterSaleRecords.applicationNo, applicationNo))
    .orderBy(asc(afterSaleRecords.id));
  return rows.map((r) => ({
    actor: r.actor,
    actorText: ACTOR_TEXT[r.actor] ?? r.actor,
    event: r.event,
    eventText: AFTER_SALE_EVENT_TEXT[r.event as AfterSaleEvent | 'APPLY'] ?? r.event,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
  }));
}

async function summaryOf(db: Executor, app: ApplicationRow): Promise<AfterSaleSummary> {
  const [order] = await db.select().from(orders).where(eq(orders.orderNo, app.orderNo)).limit(1);
  return {
    applicationNo: app.applicationNo,
    orderNo: app.orderNo,
    courseName: order ? await courseNameOf(db, order) : app.orderNo,
    cover: order ? readSnapshot(order.snapshot).cover : null,
    type: app.type,
    typeText: AFTER_SALE_TYPE_TEXT[app.type] ?? '',
    amount: app.amount,
    refundedAmount: app.refundedAmount,
    state: app.state,
    stateText: AFTER_SALE_STATE_TEXT[app.state],
    createdAt: app.createdAt.toISOString(),
  };
}

/** Where the refund goes back: each part through the provider of the payment it was paid with (原路退回). */
export async function refundChannelsOf(db: Executor, app: ApplicationRow): Promise<RefundChannel[]> {
  const parts = allocationsOf(app).filter((p) => p.amount > 0);
  if (parts.length === 0) return [];
  const paid = await db
    .select({ seq: payments.seq, provider: payments.provider })
    .from(payments)
    .where(and(eq(payments.orderNo, app.orderNo), eq(payments.status, 'SUCCESS')))
    .orderBy(asc(payments.paidAt));
  const byChannel = new Map<string, number>();
  for (const part of parts) {
    const provider = paid.find((p) => p.seq === part.seq)?.provider;
    if (!provider || provider === 'free') continue;
    byChannel.set(provider, (byChannel.get(provider) ?? 0) + part.amount);
  }
  return [...byChannel].map(([channel, amount]) => ({
    channel,
    channelText: REFUND_CHANNEL_TEXT[channel] ?? channel,
    amount,
  }));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whose turn it is and by when. The clock of a state starts when the application entered it (a corrected
 * tracking number does not restart the merchant's), except APPLIED, which restarts on an edit: the merchant
 * then decides on what the customer now asks.
 */
async function nextOf(db: Executor, app: ApplicationRow, channels: RefundChannel[]): Promise<AfterSaleNext> {
  const due = async (label: string) => {
    const days = AFTER_SALE_DUE_DAYS[app.state as keyof typeof AFTER_SALE_DUE_DAYS];
    let since = app.updatedAt;
    if (app.state !== 'APPLIED') {
      const rows = await db
        .select({ from: afterSaleRecords.fromState, to: afterSaleRecords.toState, at: afterSaleRecords.createdAt })
        .from(afterSaleRecords)
        .where(eq(afterSaleRecords.applicationNo, app.applicationNo))
        .orderBy(asc(afterSaleRecords.id));
      const entered = rows.filter((r) => r.to === app.state && r.from !== app.state).pop();
      if (entered) since = entered.at;
    }
    return { dueLabel: label, dueAt: new Date(since.getTime() + days * DAY_MS).toISOString() };
  };
  const where = channels.map((c) => c.channelText).join('、') || '原支付账户';
  switch (app.state) {
    case 'APPLIED':
      return {
        actor: 'MERCHANT',
        text: `等待商家处理，商家同意后退款将原路退回至${where}`,
        ...(await due('商家处理截止')),
      };
    case 'AGREED':
      return { actor: 'MERCHANT', text: '商家已同意退款，正在为您办理退款', ...(await due('商家退款截止')) };
    case 'RETURNING':
      return { actor: 'CUSTOMER', text: '请按退货地址寄回商品，并填写退货物流单号', ...(await due('寄回截止')) };
    case 'SHIPPED':
      return { actor: 'MERCHANT', text: '等待商家收货，商家确认收货后将为您退款', ...(await due('商家收货截止')) };
    case 'RECEIVED':
      return { actor: 'MERCHANT', text: '商家已收到退回的商品，正在为您办理退款', ...(await due('商家退款截止')) };
    case 'REFUNDING':
      return { actor: 'PROVIDER', text: `退款已提交${where}，一般1-3个工作日原路到账`, dueLabel: null, dueAt: null };
    case 'REFUNDED':
      return { actor: null, text: `退款已原路退回至${where}，请留意账户到账通知`, dueLabel: null, dueAt: null };
    case 'REFUSED':
      return { actor: null, text: '如有疑问，可联系客服或重新申请售后', dueLabel: null, dueAt: null };
    case 'CANCELLED':
      return { actor: null, text: '您已撤销本次申请，如仍有问题可重新申请售后', dueLabel: null, dueAt: null };
  }
}

export async function detailOf(db: Executor, app: ApplicationRow, config: AfterSalesConfig): Promise<AfterSaleDetail> {
  const [logistics] = await db
    .select()
    .from(afterSaleLogistics)
    .where(eq(afterSaleLogistics.applicationNo, app.applicationNo))
    .limit(1);
  const shipping = afterSaleTransition(app.state, 'SHIP').ok;
  const returning = app.type === 2 || ['RETURNING', 'SHIPPED', 'RECEIVED'].includes(app.state) || Boolean(logistics);
  const refundTo = await refundChannelsOf(db, app);
  return {
    ...(await summaryOf(db, app)),
    seqs: allocationsOf(app).map((p) => p.seq),
    reason: app.reason,
    description: app.description,
    images: app.images,
    refuseReason: app.refuseReason,
    updatedAt: app.updatedAt.toISOString(),
    canEdit: afterSaleTransition(app.state, 'EDIT').ok,
    canCancel: afterSaleTransition(app.state, 'CANCEL').ok,
    canWriteLogistics: shipping,
    logistics: logistics
      ? {
          carrierCode: logistics.carrierCode,
          carrierName: carrierOf(logistics.carrierCode)?.name ?? logistics.carrierCode,
          trackingNo: logistics.trackingNo,
          editable: shipping,
          shippedAt: logistics.shippedAt.toISOString(),
        }
      : null,
    returnAddress: returning ? config.returnAddress : null,
    records: await recordsOf(db, app.applicationNo),
    refundTo,
    next: await nextOf(db, app, refundTo),
  };
}

export async function customerDetail(db: Db, userId: string, applicationNo: string, config: AfterSalesConfig) {
  return detailOf(db, await findOwnApplication(db, userId, applicationNo), config);
}

export async function customerRecords(db: Db, userId: string, applicationNo: string) {
  await findOwnApplication(db, userId, applicationNo);
  return { list: await recordsOf(db, applicationNo) };
}

export async function listApplications(
  db: Db,
  input: { userId: string; tab: AfterSaleTab; page: number; perSize: number },
) {
  const where: SQL[] = [eq(afterSaleApplications.userId, input.userId)];
  const states = AFTER_SALE_TABS[input.tab];
  if (states.length) where.push(inArray(afterSaleApplications.state, states));
  const [{ n }] = await db
    .select({ n: count() })
    .from(afterSaleApplications)
    .where(and(...where));
  const rows = await db
    .select()
    .from(afterSaleApplications)
    .where(and(...where))
    .orderBy(desc(afterSaleApplications.createdAt), desc(afterSaleApplications.applicationNo))
    .limit(input.perSize)
    .offset((input.page - 1) * input.perSize);
  return {
    list: await Promise.all(rows.map((r) => summaryOf(db, r))),
    total: n,
    page: input.page,
    perSize: input.perSize,
  };
}

/** The newest application of an order (order detail's refund state and 申请售后 entry). */
export async function latestApplicationOf(db: Executor, orderNo: string): Promise<ApplicationRow | null> {
  const [row] = await db
    .select()
    .from(afterSaleApplications)
    .where(eq(afterSaleApplications.orderNo, orderNo))
    .orderBy(desc(afterSaleApplications.createdAt))
    .limit(1);
  return row ?? null;
}
