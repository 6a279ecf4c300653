/**
 * An item's order settings when it has none of its own (or lacks a newer field): one payment, no delivery, no
 * restrictions. Every reader merges an item's stored settings over these.
 */
import type { OrderConfig } from './schema';

export const DEFAULT_ORDER_CONFIG: OrderConfig = {
  orderPayType: 1,
  deliveryType: 4,
  freight: 0,
  freightAreasType: 1,
  invalidAreas: [],
  isHousehold: false,
  agreementSn: null,
  electronicProtocol: false,
  restrict: [],
  courseDiscountAmount: 0,
  packages: [],
  giftCourses: [],
  disableFlag: false,
  disableReason: null,
  hasProductIntroduce: false,
  confirmOrderType: 1,
};
