/**
 * Where an application meets its refunds (kept by domains/payment/refunds.ts): the customer's detail asks the
 * channel about a refund no notification settled, and a channel's notification is applied and answered.
 */
import type { AfterSaleDetail } from '@contract/after-sales';
import type { Db } from '../../runtime/database/plugin';
import type { RefundProviders } from '../payment/providers/refund';
import type { NotificationHeaders } from '../payment/providers/types';
import { applyRefundNotification, syncPendingRefunds } from '../payment/refunds';
import type { AfterSalesConfig } from './config';
import { customerDetail } from './service';

type Log = { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };

/** One application of the customer's, after the refund-check (as the order's pay-check). */
export async function checkedCustomerDetail(
  db: Db,
  refundProviders: RefundProviders,
  input: { userId: string; applicationNo: string; config: AfterSalesConfig; log?: Log },
): Promise<AfterSaleDetail> {
  const { userId, applicationNo } = input;
  await syncPendingRefunds(db, refundProviders, { userId, applicationNo }, input.log);
  return customerDetail(db, userId, applicationNo, input.config);
}

/** Applies a refund channel's notification; the answer is the one that channel expects for a handled one. */
export async function answerRefundNotification(
  db: Db,
  refundProviders: RefundProviders,
  input: { provider: string; rawBody: string; headers: NotificationHeaders; log?: Log },
): Promise<unknown> {
  const outcome = await applyRefundNotification(
    db,
    refundProviders,
    input.provider,
    input.rawBody,
    input.headers,
    input.log,
  );
  // WeChat and Baidu each expect their own answer to a handled notification.
  return (
    refundProviders.byName(input.provider)?.acknowledge?.(outcome) ?? {
      state: true,
      message: 'success',
      info: { outcome },
    }
  );
}
