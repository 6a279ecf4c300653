/** Pieces shared by every domain of the HTTP contract (§7 shared request behaviour). */
import { z } from 'zod';

/** The response envelope: `{ state, message, info, code? }`. */
export const envelope = <T extends z.ZodTypeAny>(info: T) =>
  z.object({ state: z.boolean(), message: z.string(), info, code: z.number().int().optional() });

export type Envelope<T> = { state: boolean; message: string; info: T; code?: number };

/** Fields the request wrapper adds to every payload; the signature plugin checks them. */
export const signedFields = {
  timestamp: z.coerce.number().int().optional(),
  nonceStr: z.string().optional(),
  sign: z.string().optional(),
  token: z.string().optional(),
};

/** Phone number rule of §5/§9: 11 digits, starting 1, second digit 3-9. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;

export const pageQuery = {
  page: z.coerce.number().int().min(1, '页码必须大于0').default(1),
  perSize: z.coerce.number().int().min(1, '每页条数必须大于0').max(50, '每页条数不能超过50').default(10),
};

export const paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), perSize: z.number().int() });

export type Paged<T> = { list: T[]; total: number; page: number; perSize: number };

/** Application codes carried in `code` (§8). 502 = session gone, log in again. */
export const ERROR_CODES = {
  SESSION_EXPIRED: 502,
  BAD_SIGNATURE: 4001,
  /** Timestamp outside the signing window, or a nonce seen before. */
  REPLAYED: 4002,
  BAD_INPUT: 4000,
  SMS_TOO_FREQUENT: 4003,
  SMS_CODE_WRONG: 4004,
  SMS_CODE_EXPIRED: 4005,
  SMS_TOO_MANY_ATTEMPTS: 4006,
  /** HTTP 429: a rate limit per client, per phone or for the whole server (SMS codes, new visitors). */
  TOO_MANY_REQUESTS: 4290,
  /** HTTP 413: the body is larger than any call of the contract needs. */
  BODY_TOO_LARGE: 4130,
  /** §8: the order is not there (or not yours); the order pages show the server's message. */
  ORDER_NOT_FOUND: 1008,
  /** The chosen payment method is not open (sandbox in a mini-program, a live provider not configured). */
  PAY_UNAVAILABLE: 4007,
  /** HTTP 400: the SMS vendor refused the message or did not answer in time; nothing counts as sent. */
  SMS_SEND_FAILED: 4008,
  /** HTTP 400: the real-name verifier could not answer (down, refused our call, timed out); try again later. */
  IDENTITY_UNAVAILABLE: 4009,
  /** HTTP 409: the order's state forbids it (already paid, cancelled, expired, signed). */
  ORDER_STATE: 4090,
  NOT_FOUND: 4040,
  UNKNOWN_PROJECT: 4041,
  /** A visitor (no phone) tried something that needs a logged-in customer. */
  LOGIN_REQUIRED: 4030,
  /** WeChat JS-SDK signing is off (no official account configured) or WeChat did not answer. */
  WECHAT_UNAVAILABLE: 4050,
  /** §8 order-submit codes (contract/constants.ts SUBMIT_CODES). */
  SUBMIT_LINK_INVALID: 1002,
  SUBMIT_OFF_SHELF: 1003,
  SUBMIT_UNPAID_EXISTS: 1005,
  SUBMIT_SERVER_MESSAGE: 1006,
  SUBMIT_IN_PROGRESS: 1007,
  SUBMIT_AMOUNT_MISMATCH: 1010,
  SUBMIT_TOKEN_INVALID: 1011,
  /** HTTP 401 on /ops/...: no or wrong bearer OPS_KEY or operator session token. */
  OPS_UNAUTHORIZED: 4011,
  /** HTTP 401: the operator's session expired or was ended (logout, password change); log in again. */
  OPS_SESSION_EXPIRED: 4012,
  /** HTTP 401: wrong username or password at the console's login. */
  OPS_BAD_LOGIN: 4013,
  /** HTTP 403: the operator's role may not do this, or the project is not granted to the operator. */
  OPS_FORBIDDEN: 4033,
  /** HTTP 403: the operator account is disabled. */
  OPS_ACCOUNT_DISABLED: 4034,
  /** HTTP 429: too many wrong passwords; the account is locked for a while. */
  OPS_ACCOUNT_LOCKED: 4291,
  /** HTTP 403: an upload that breaks its POST policy (signature, expiry, key prefix, conditions). */
  UPLOAD_REFUSED: 4031,
  /** HTTP 400: the uploaded file is not an image of an accepted kind (by its bytes). */
  UPLOAD_NOT_IMAGE: 4032,
  /** HTTP 409: a form that takes one submission per customer was already submitted by this customer. */
  FORM_ALREADY_SUBMITTED: 4091,
  /** HTTP 503: QR images need the qrcode library, which this server lacks. */
  QR_UNAVAILABLE: 5030,
  /** Coupons and cards: each refusal has its own code and message. */
  CARD_CODE_WRONG: 4201,
  CARD_CODE_USED: 4202,
  CARD_CODE_EXPIRED: 4203,
  CARD_CODE_INVALID: 4204,
  /** HTTP 429: too many wrong card codes from one customer (slowed, then refused for a while). */
  CARD_CODE_TOO_MANY: 4205,
  CLAIM_SOLD_OUT: 4210,
  CLAIM_LIMIT: 4211,
  CLAIM_CLOSED: 4212,
  COUPON_NOT_USABLE: 4213,
  SERVER_ERROR: 5000,
  /** HTTP 503: the database cannot be reached (or is shutting down); nothing was done, the request may be retried. */
  SERVICE_UNAVAILABLE: 5031,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Every failure: `state` false, `info` null, a Chinese `message` and an application `code`. */
/** `info` is null, except where a failure carries what the customer needs next (1005: the unpaid orderNo). */
export const errorEnvelope = envelope(z.record(z.string(), z.unknown()).nullable());
