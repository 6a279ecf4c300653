/**
 * The merchant's side of after-sales: list and read applications, and decide. 同意退款 (AGREE) and
 * 确认收货 (RECEIVE) refund at once in the same transaction that records the decision (prepareRefund), then hand
 * the refunds to the providers; 要求退货 (ASK_RETURN) and 拒绝 (REFUSE, with the reason the customer reads) only
 * move the application. Every decision is a negotiation record.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AfterSaleState } from '@contract/rules/after-sale';
import { maskPhone } from '@contract/rules/fields';
import { users } from '../user/schema';
import { afterSaleApplications } from './schema';
import { orders } from '../order/schema';
import { badRequest, notFound } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import type { AfterSalesConfig } from './config';
import { AFTER_SALE_MESSAGES, detailOf, lockApplication, moveApplication, type ApplicationRow } from './service';
import { lockOrder } from '../order/state-db';
import type { RefundProviders } from '../payment/providers/refund';
import { prepareRefund, submitRefunds, type RefundRow } from '../payment/refunds';

export type OpsAction = 'agree' | 'return' | 'refuse' | 'receive' | 'refund';

async function opsView(db: Db, app: ApplicationRow, config: AfterSalesConfig) {
  const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.userId, app.userId)).limit(1);
  const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.orderNo, app.orderNo)).limit(1);
  return {
    ...(await detailOf(db, app, config)),
    userId: app.userId,
    phone: u?.phone ? maskPhone(u.phone) : null,
    orderStatus: o?.status ?? '',
  };
}

/** `projectSns`: only these projects' applications (an operator's scope); undefined for every project. */
export async function opsApplications(
  db: Db,
  config: AfterSalesConfig,
  state?: AfterSaleState,
  projectSns?: readonly string[],
) {
  const rows = await db
    .select()
    .from(afterSaleApplications)
    .where(
      and(
        state ? inArray(afterSaleApplications.state, [state]) : undefined,
        projectSns ? inArray(afterSaleApplications.projectSn, [...projectSns, '']) : undefined,
      ),
    )
    .orderBy(desc(afterSaleApplications.createdAt))
    .limit(200);
  return { list: await Promise.all(rows.map((r) => opsView(db, r, config))) };
}

async function findApplication(db: Db, applicationNo: string): Promise<ApplicationRow> {
  const [row] = await db
    .select()
    .from(afterSaleApplications)
    .where(eq(afterSaleApplications.applicationNo, applicationNo))
    .limit(1);
  if (!row) throw notFound(AFTER_SALE_MESSAGES.notFound);
  return row;
}

export async function opsApplication(db: Db, config: AfterSalesConfig, applicationNo: string) {
  return opsView(db, await findApplication(db, applicationNo), config);
}

export async function opsAct(
  db: Db,
  deps: { refundProviders: RefundProviders; config: AfterSalesConfig },
  applicationNo: string,
  action: OpsAction,
  message: string,
  now = new Date(),
) {
  const own = await findApplication(db, applicationNo);
  const rows: RefundRow[] = await db.transaction(async (tx) => {
    await lockOrder(tx, own.orderNo);
    const app = await lockApplication(tx, applicationNo);
    if (!app) throw notFound(AFTER_SALE_MESSAGES.notFound);
    switch (action) {
      case 'agree':
        await moveApplication(tx, app, 'AGREE', 'MERCHANT', now, { message });
        return prepareRefund(tx, app, now);
      case 'return':
        await moveApplication(tx, app, 'ASK_RETURN', 'MERCHANT', now, { message });
        return [];
      case 'refuse':
        if (!message.trim()) throw badRequest('请填写拒绝原因');
        await moveApplication(tx, app, 'REFUSE', 'MERCHANT', now, { message, set: { refuseReason: message } });
        return [];
      case 'receive':
        await moveApplication(tx, app, 'RECEIVE', 'MERCHANT', now, { message });
        return prepareRefund(tx, app, now);
      case 'refund':
        return prepareRefund(tx, app, now, message);
    }
  });
  const failure = rows.length ? await submitRefunds(db, deps.refundProviders, rows, own.reason) : null;
  const view = await opsApplication(db, deps.config, applicationNo);
  if (failure) throw badRequest(failure);
  return view;
}
