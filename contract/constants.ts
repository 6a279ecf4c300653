/**
 * Plain constants of the contract, with no zod: the storefront imports values only from here (and
 * signature.ts), so no schema library reaches the client bundle.
 */

/** §8 order-submit codes, shown in the 温馨提示 popup. */
export const SUBMIT_CODES = {
  LINK_INVALID: 1002,
  OFF_SHELF: 1003,
  UNPAID_EXISTS: 1005,
  SERVER_MESSAGE: 1006,
  IN_PROGRESS: 1007,
  /** Not a popup: the client's amounts differ from the server's (refresh and retry). */
  AMOUNT_MISMATCH: 1010,
  /** Not a popup: the order token was used or expired (the client reloads it). */
  TOKEN_INVALID: 1011,
} as const;

/** Delivery type 4 means nothing is shipped (§2: the address block shows only when it is not 4). */
export const NO_DELIVERY = 4;
/** §5 remark limit. */
export const REMARK_MAX = 30;
/** Most pieces of one goods item in one order (items carry no stock figure, so a sane cap). */
export const SKU_CNT_MAX = 99;
export const CONSIGNEE_NAME_MAX = 20;
export const ADDRESS_DETAIL_MAX = 100;

/** §3 order statuses plus the ones a storefront needs to show every order truthfully. */
export const ORDER_STATUS_TEXT: Record<string, string> = {
  UNPAID: '待付款',
  UNPAID_BALANCE: '待付尾款',
  UNPAID_INSTALLMENTS: '分期中',
  PAID: '已完成',
  CANCELLED: '已取消',
  REFUND: '已退款',
  REFUND_PART: '部分退款',
  DEAL_DONE_COURSE: '已换课',
};

/** A paid goods order's parcel (shipments.status): shown in place of 已完成 until it is received. */
export const SHIPMENT_STATUS_TEXT: Record<string, string> = {
  TO_SHIP: '待发货',
  SHIPPED: '待收货',
};
/** A shipped parcel the customer does not confirm counts as received this many days after shipping. */
export const AUTO_RECEIVE_DAYS = 10;

/**
 * Order list tabs: which order statuses each shows, and for paid orders which parcel states (`shipment`):
 * 待发货 and 待收货 take paid goods orders out of 已完成 until their parcel is received.
 */
export const ORDER_TABS = {
  ALL: [] as string[],
  UNPAID: ['UNPAID', 'UNPAID_BALANCE', 'UNPAID_INSTALLMENTS'],
  TO_SHIP: ['PAID'],
  TO_RECEIVE: ['PAID'],
  PAID: ['PAID', 'DEAL_DONE_COURSE'],
  CANCELLED: ['CANCELLED'],
  REFUND: ['REFUND', 'REFUND_PART'],
} as const;
export type OrderTab = keyof typeof ORDER_TABS;
/** The parcel states a tab keeps (none: any parcel state, or none at all; 'DONE': no parcel or received). */
export const ORDER_TAB_SHIPMENT: Partial<Record<OrderTab, 'TO_SHIP' | 'SHIPPED' | 'DONE'>> = {
  TO_SHIP: 'TO_SHIP',
  TO_RECEIVE: 'SHIPPED',
  PAID: 'DONE',
};

/** orderPayType of §3: 1 normal, 2 deposit + final, 3 instalment. */
export const ORDER_PAY_TYPES = { NORMAL: 1, DEPOSIT: 2, INSTALLMENT: 3 } as const;
/** §3 refund tag map. */
export const REFUND_TAGS: Readonly<Record<number, string>> = {
  1: '支持申请退款',
  2: '不支持退款',
  3: '7天无理由退货',
  4: '不支持7天无理由退货',
  5: '拆封后不支持退货',
  6: '激活后不支持退款',
};
/** §3 hold types. */
export const HOLD_TYPES: Readonly<Record<string, string>> = { TRAILING_HOLD: '随迁落户', TALENT_IN: '人才引进' };
/** Longest review text. */
export const COMMENT_MAX_LENGTH = 500;
