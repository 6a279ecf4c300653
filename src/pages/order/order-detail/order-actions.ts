import type { OrderDetail } from '@contract/payment';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { carrierCodeOf } from './carrier-codes';
import type { NextAction } from './next-step';
import { afterSaleRefusal } from './refund-window';

/** What the page does itself for an action (use-order): pay, and confirm receipt. */
export interface OrderCalls {
  pay: () => Promise<void>;
  receive: () => Promise<void>;
}

/** Carries out one of the order's actions: pays or confirms here, opens the page of the others. */
export function runAction(o: OrderDetail, action: NextAction, calls: OrderCalls): void {
  const parcel = o.shipment;
  if (action === 'pay') void calls.pay();
  else if (action === 'receive') void calls.receive();
  else if (action === 'afterSale') {
    // The refund window has closed (§3 tags 3 to 6): say why here rather than open a form the server would refuse.
    const refusal = afterSaleRefusal(o);
    if (refusal) toast(refusal);
    else void openPage(ROUTES.afterSaleApply, { orderNo: o.orderNo });
  } else if (action === 'afterSaleView')
    void openPage(ROUTES.afterSaleDetail, { applicationNo: (o.refundVO && o.refundVO.applicationNo) || '' });
  // orderNo tells the tracking page this is the order's own parcel, not a return.
  else if (parcel && parcel.trackingNo)
    void openPage(ROUTES.logistics, {
      carrierCode: carrierCodeOf(parcel.carrierName),
      trackingNo: parcel.trackingNo,
      orderNo: o.orderNo,
    });
}
