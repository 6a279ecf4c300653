/** Carries out a domain/pay-flow decision: the toast and the navigation. */
import type { AfterPay } from '../domain/pay-flow';
import { ROUTES } from '../domain/routes';
import { openPage } from './navigation';
import { toast } from './ui';

export async function applyAfterPay(decision: AfterPay & { orderNo: string }): Promise<void> {
  if (decision.toast) toast(decision.toast, decision.toast === '支付成功' ? 'success' : 'none');
  const nav = decision.navigate;
  if (!nav) return;
  if (nav.to === 'orderDetail') await openPage(ROUTES.orderDetail, { orderNo: decision.orderNo }, nav.mode);
  else await openPage(ROUTES.orderList, { tab: 'UNPAID' }, nav.mode);
}
