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
  /** §8's text for a failed request: the database cannot be reached, so nothing was done. */
  unavailable: '请求失败，稍后再试哦~',
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
