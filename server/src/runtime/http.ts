/**
 * The response envelope `{ state, message, info, code? }` (contract/common.ts) and the one error type that
 * routes and hooks throw; the error handler turns an AppError into its HTTP status and envelope.
 */
import { z } from 'zod';
import { ERROR_CODES, envelope, errorEnvelope, type ErrorCode } from '@contract/common';

export const OK_MESSAGE = 'success';

export function ok<T>(info: T) {
  return { state: true as const, message: OK_MESSAGE, info };
}

type Ok<T> = ReturnType<typeof ok<T>>;
const sharedEnvelopes = new WeakMap<object, Ok<unknown>>();
const shared = new WeakSet<object>();

/**
 * ok(info) for an `info` that is a cached read model: the same envelope object for the same `info`
 * object, which the serializer (runtime/serializer.ts) turns into JSON once and then answers from memory. The
 * text lives as long as that object: when the read cache drops it (runtime/read-cache.ts invalidation), the next
 * load is a new object and is serialised afresh. `info` and everything it holds must never be changed in place.
 */
export function sharedOk<T extends object>(info: T): Ok<T> {
  let envelope = sharedEnvelopes.get(info) as Ok<T> | undefined;
  if (!envelope) {
    envelope = ok(info);
    sharedEnvelopes.set(info, envelope);
    shared.add(envelope);
  }
  return envelope;
}

/**
 * A success whose JSON text a route made itself (for the hottest answers, where the zod serializer's
 * parse and stringify were the largest part of the call's own CPU). The serializer (runtime/serializer.ts) answers
 * the text as it is; each maker of one has a test that its text is what the route's zod schema serializes.
 */
export class JsonText {
  /** The JSON as text, or as its UTF-8 bytes (sent as they are: nothing to encode per answer). */
  constructor(readonly body: string | Buffer) {}

  get text(): string {
    return typeof this.body === 'string' ? this.body : this.body.toString('utf8');
  }
}

/** Whether a reply payload came from sharedOk (its serialised text may be kept). */
export const isSharedEnvelope = (payload: unknown): payload is object =>
  typeof payload === 'object' && payload !== null && shared.has(payload);

/** Chinese texts the server answers with; the storefront shows them as they are. */
export const MESSAGES = {
  badSignature: '请求签名错误',
  expired: '请求已过期，请重试',
  replayed: '重复的请求',
  sessionExpired: '登录已失效，请重新登录',
  badFormat: '请求格式错误',
  routeNotFound: '接口不存在',
  serverError: '服务器开小差了，请稍后再试',
  unknownProject: '项目不存在或已下线',
  pageNotFound: '页面不存在',
  columnNotFound: '栏目不存在',
  couponNotFound: '优惠券不存在',
  smsTooFrequent: '验证码发送太频繁，请稍后再试',
  smsWrong: '验证码错误',
  smsExpired: '验证码已过期，请重新获取',
  smsTooManyAttempts: '验证码错误次数过多，请重新获取',
  moreLevelMissing: '缺少栏目编号',
  bodyTooLarge: '请求内容过大',
} as const;

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Sent as the envelope's info (e.g. the unpaid order's number with 1005). */
    readonly info: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: ErrorCode = ERROR_CODES.BAD_INPUT) =>
  new AppError(400, code, message);
export const notFound = (message: string, code: ErrorCode = ERROR_CODES.NOT_FOUND) => new AppError(404, code, message);
export const conflict = (message: string, code: ErrorCode = ERROR_CODES.ORDER_STATE) =>
  new AppError(409, code, message);
export const sessionExpired = () => new AppError(401, ERROR_CODES.SESSION_EXPIRED, MESSAGES.sessionExpired);

export function failure(code: number, message: string, info: Record<string, unknown> | null = null) {
  return { state: false as const, message, info, code };
}

/** Response schemas for a route: the success envelope plus the failures it can answer (they show in /docs). */
export function responses<T extends z.ZodTypeAny, S extends 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503>(
  info: T,
  failures: readonly S[],
) {
  const out: Record<number, z.ZodTypeAny> = { 200: envelope(info) };
  for (const status of failures) out[status] = errorEnvelope;
  return out as { 200: ReturnType<typeof envelope<T>> } & Record<S, typeof errorEnvelope>;
}
