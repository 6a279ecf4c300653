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
export const CONSIGNEE_NAME_MAX = 20;
export const ADDRESS_DETAIL_MAX = 100;
