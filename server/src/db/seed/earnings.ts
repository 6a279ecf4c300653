/**
 * Earnings demo data: commission rules for every project's items, and in the demo project an earner (phone
 * 13800000088, promoter code P0DE000001A) with orders a customer (13800000099) bought through the earner's link.
 * The orders are made as a customer makes them, through the services the routes call (confirm, order token,
 * submit with the promoter code, sandbox payment and its notification; the refunded one through after-sales, the
 * operator's approval and a sandbox refund), each step at its own past time, so the seed keeps every invariant
 * the server keeps and a refund of a seeded order reaches the provider. Submit writes the commissions PENDING;
 * the first read of the earner's earnings settles them through the real rules (freeze, release, refund).
 * Idempotent: once the earner is a promoter nothing more is written.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../runtime/database/plugin';
import { DEFAULT_SANDBOX_PAY_KEY } from '../../config';
import { activities } from '../../domains/activity/schema';
import { users } from '../../domains/user/schema';
import { commissionRules, promoters } from '../../domains/earnings/schema';
import { ensurePromoter } from '../../domains/earnings/service';
import { saveAddress } from '../../domains/address/service';
import { confirmByTarget } from '../../domains/order/confirm';
import { issueOrderToken, submitOrder } from '../../domains/order/submit';
import { applyNotification, startPayment } from '../../domains/payment/service';
import type { PaymentProviders } from '../../domains/payment/providers';
import {
  createSandboxProvider,
  buildSandboxNotification,
  type SandboxPayType,
} from '../../domains/payment/providers/sandbox';
import { PAY_TYPES } from '../../domains/payment/providers/types';
import { buildRefundNotification, createRefundProviders } from '../../domains/payment/providers/refund';
import { applyRefundNotification } from '../../domains/payment/refunds';
import { refunds } from '../../domains/after-sales/schema';
import { applyForRefund, referInfo } from '../../domains/after-sales/service';
import { opsAct } from '../../domains/after-sales/ops';
import { loadAfterSalesConfig } from '../../domains/after-sales/config';
import type { StorageProvider } from '../../domains/upload/service';

import { DEMO_BUYER, DEMO_EARNER } from './demo-earner';

export { DEMO_BUYER, DEMO_EARNER } from './demo-earner';

/** Courses pay 10% of the goods amount, activities 5%, goods ¥3 an order; points items pay nothing. */
function ruleFor(actType: string): { mode: 'FIXED' | 'RATE'; value: number } | null {
  if (actType === 'COURSE') return { mode: 'RATE', value: 1000 };
  if (actType === 'ACTIVITY') return { mode: 'RATE', value: 500 };
  if (actType === 'GOODS') return { mode: 'FIXED', value: 300 };
  return null;
}

const DAY = 86_400_000;
const MINUTE = 60_000;

/** The buyer's address, for the items that ship. */
const BUYER_ADDRESS = {
  consigneeName: '王小明',
  consigneeTelephone: DEMO_BUYER.phone,
  provinceId: '110000',
  cityId: '110100',
  areaId: '110105',
  fullAddress: '望京街道阜通东大街6号院3号楼1单元802',
  isDefault: true,
};

interface DemoOrder {
  actKey: string;
  /** When the customer ordered and paid the first payment, days before the seed runs. */
  orderedDaysAgo: number;
  payType: SandboxPayType;
  /** Applicant fields the item asks for (order config `restrict`), by nKey. */
  applicant?: Record<string, string>;
  /** Asked back in full through after-sales and refunded: days ago applied, and refunded. */
  refund?: { appliedDaysAgo: number; refundedDaysAgo: number };
}

/**
 * One order per commission state, as the earner's page shows them: settled long ago (withdrawable), paid two days
 * ago (frozen), deposit paid and final unpaid (pending), refunded (cancelled).
 */
const DEMO_ORDERS: DemoOrder[] = [
  { actKey: 'course-03', orderedDaysAgo: 30, payType: PAY_TYPES.WECHAT },
  { actKey: 'course-07', orderedDaysAgo: 20, payType: PAY_TYPES.ALIPAY },
  { actKey: 'activity-06', orderedDaysAgo: 2, payType: PAY_TYPES.WECHAT },
  {
    actKey: 'course-02',
    orderedDaysAgo: 1,
    payType: PAY_TYPES.WECHAT,
    applicant: { b2name: '王小明', b2phon: DEMO_BUYER.phone },
  },
  {
    actKey: 'goods-03',
    orderedDaysAgo: 5,
    payType: PAY_TYPES.BANK_CARD,
    refund: { appliedDaysAgo: 4, refundedDaysAgo: 3 },
  },
];

export interface SeedEarningsOptions {
  /** The server's SANDBOX_PAY_KEY: the seed's notifications are signed as the sandbox signs them. */
  sandboxPayKey?: string;
  now?: Date;
}

/** The seed attaches no pictures to its after-sales application, so no storage is ever asked. */
const NO_PICTURES: StorageProvider = {
  kind: 'local',
  sign() {
    throw new Error('the demo seed uploads nothing');
  },
  keyOfUrl: async () => null,
  urlOf: (key) => key,
};

export async function seedEarnings(db: Db, options: SeedEarningsOptions = {}): Promise<void> {
  const items = await db.select({ actSn: activities.actSn, actType: activities.actType }).from(activities);
  const rules = items.flatMap((a) => {
    const r = ruleFor(a.actType);
    return r ? [{ actSn: a.actSn, ...r }] : [];
  });
  if (rules.length) await db.insert(commissionRules).values(rules).onConflictDoNothing();

  const [seeded] = await db
    .select({ userId: promoters.userId })
    .from(promoters)
    .where(eq(promoters.promoterCode, DEMO_EARNER.promoterCode))
    .limit(1);
  if (seeded) return;
  const demoItems = new Set(items.filter((a) => a.actSn.startsWith(`${DEMO_EARNER.projectSn}-`)).map((a) => a.actSn));
  if (!demoItems.size) return;

  // The phones may have logged in already (a user row without the fixed id): reuse those rows then.
  const ensureUser = async (userId: string, phone: string) => {
    const [existing] = await db
      .select({ userId: users.userId })
      .from(users)
      .where(and(eq(users.projectSn, DEMO_EARNER.projectSn), eq(users.phone, phone)))
      .limit(1);
    if (existing) return existing.userId;
    await db.insert(users).values({
      userId,
      projectSn: DEMO_EARNER.projectSn,
      phone,
      unionId: `u_${userId}`,
      nickName: userId === DEMO_EARNER.userId ? '推广达人' : null,
    });
    return userId;
  };
  const earnerId = await ensureUser(DEMO_EARNER.userId, DEMO_EARNER.phone);
  const buyer = { userId: await ensureUser(DEMO_BUYER.userId, DEMO_BUYER.phone), projectSn: DEMO_EARNER.projectSn };
  await ensurePromoter(db, earnerId, DEMO_EARNER.projectSn, DEMO_EARNER.promoterCode);

  // Money moves as a customer's does: the services the routes call, with the sandbox provider's own
  // notifications, each at the time it happened.
  const key = options.sandboxPayKey ?? DEFAULT_SANDBOX_PAY_KEY;
  const sandbox = createSandboxProvider({ key });
  const payProviders: PaymentProviders = {
    forTrade: () => sandbox,
    byName: (name) => (name === 'sandbox' ? sandbox : undefined),
    sandbox,
  };
  // The refund's notification is built below at its own (past) time; the provider's timer never fires.
  const refundProviders = createRefundProviders({ key, delayMs: DAY, send: async () => ({ status: 200, body: '' }) });
  const now = options.now ?? new Date();
  const at = (daysAgo: number, minutes = 0) => new Date(now.getTime() - daysAgo * DAY + minutes * MINUTE);
  let addressId: string | null = null;
  try {
    for (const o of DEMO_ORDERS) {
      const actSn = `${DEMO_EARNER.projectSn}-${o.actKey}`;
      if (!demoItems.has(actSn)) continue;
      const orderNo = await buyAndPay(
        o,
        actSn,
        async () => (addressId ??= (await saveAddress(db, buyer.userId, BUYER_ADDRESS)).addressId),
      );
      if (o.refund) await refundInFull(orderNo, o.refund);
    }
  } finally {
    refundProviders.close();
  }

  async function pay(orderNo: string, when: Date, payType: SandboxPayType) {
    const params = await startPayment(db, payProviders, {
      userId: buyer.userId,
      orderNo,
      paySource: 'H5',
      tradeType: 'MWEB',
      now: when,
    });
    const paidAt = new Date(when.getTime() + 2 * MINUTE);
    const note = buildSandboxNotification(
      { paymentSn: params.paymentSn, amount: params.payAmount },
      key,
      paidAt,
      payType,
    );
    await applyNotification(db, sandbox, note.body, note.headers, paidAt);
  }

  /** Confirm, order token, submit through the earner's link, then each payment through the sandbox. */
  async function buyAndPay(o: DemoOrder, actSn: string, address: () => Promise<string>): Promise<string> {
    const c = await confirmByTarget(db, buyer, { targetSn: actSn }, at(o.orderedDaysAgo));
    const orderToken = await issueOrderToken(db, buyer.userId, c.createOrderSn, at(o.orderedDaysAgo, 1));
    const submitted = await submitOrder(
      db,
      buyer,
      {
        createOrderSn: c.createOrderSn,
        orderToken,
        orderDiscountList: [],
        discountsAmount: 0,
        payAmount: c.confirmOrderAmount.payAmount,
        totalAmount: c.confirmOrderAmount.orderTotalAmount,
        orderPreAttachVO: {
          deliveryType: c.deliveryType,
          ...(c.deliveryType !== 4 ? { addressId: await address() } : {}),
          ...(o.applicant ? { userExtra: JSON.stringify({ userInfo: o.applicant }) } : {}),
        },
        promoterCode: DEMO_EARNER.promoterCode,
      },
      // The route the storefront posts to decides this: the course submit or the goods one.
      c.orderType === 'COURSE' ? 'COURSE' : 'GOODS',
      at(o.orderedDaysAgo, 3),
    );
    await pay(submitted.orderNo, at(o.orderedDaysAgo, 4), o.payType);
    return submitted.orderNo;
  }

  /** The customer asks for everything back, the operator agrees, the sandbox refunds and notifies. */
  async function refundInFull(orderNo: string, r: NonNullable<DemoOrder['refund']>) {
    const session = { token: 'demo-seed', ...buyer };
    const refer = await referInfo(db, buyer.userId, orderNo);
    const { applicationNo } = await applyForRefund(
      db,
      NO_PICTURES,
      session,
      {
        orderNo,
        type: 1,
        seqs: [],
        amount: refer.maxAmount,
        reason: '不想要了',
        description: '买重了，还没发货，申请退款',
        images: [],
      },
      { now: at(r.appliedDaysAgo) },
    );
    await opsAct(
      db,
      { refundProviders, config: loadAfterSalesConfig({}) },
      applicationNo,
      'agree',
      '未发货，同意退款',
      at(r.refundedDaysAgo),
    );
    const sent = await db.select().from(refunds).where(eq(refunds.applicationNo, applicationNo));
    for (const refund of sent) {
      const settledAt = at(r.refundedDaysAgo, 5);
      const note = buildRefundNotification(
        {
          refundSn: refund.refundSn,
          amount: refund.amount,
          status: 'SUCCESS',
          notifyId: refund.providerRefundId ?? undefined,
        },
        key,
        settledAt,
      );
      await applyRefundNotification(
        db,
        refundProviders,
        refund.provider,
        note.body,
        note.headers,
        undefined,
        settledAt,
      );
    }
  }
}
