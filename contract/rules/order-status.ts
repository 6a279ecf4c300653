import { ORDER_STATUS_TEXT, SHIPMENT_STATUS_TEXT } from '../constants';

/** What an order shows as its state: its parcel's while a paid order waits for it, else the order's own. */
export function orderStatusText(orderStatus: string, shipmentStatus?: string | null): string {
  if (orderStatus === 'PAID' && shipmentStatus && SHIPMENT_STATUS_TEXT[shipmentStatus])
    return SHIPMENT_STATUS_TEXT[shipmentStatus];
  return ORDER_STATUS_TEXT[orderStatus] || orderStatus;
}
