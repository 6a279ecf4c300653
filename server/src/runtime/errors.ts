/**
 * One place that turns every failure into the envelope `{ state: false, message, info: null, code }`.
 * Bad input of any kind (schema, JSON syntax, content type, size) is a 4xx with a Chinese message; only a
 * genuine server fault is a 500, and that one is logged.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@contract/common';
import { AppError, MESSAGES, failure } from './http';
import { isDatabaseUnreachable } from './database/unreachable';

/** Chinese names of the request fields, so a validation message says which field is wrong. */
const FIELD_LABELS: Record<string, string> = {
  phone: '手机号',
  code: '验证码',
  projectSn: '项目编号',
  pageSn: '页面编号',
  columnSn: '栏目编号',
  couponSn: '优惠券编号',
  targetSn: '目标编号',
  page: '页码',
  perSize: '每页条数',
  keyword: '搜索词',
  timestamp: '时间戳',
  nonceStr: '随机串',
  sign: '签名',
  token: '登录凭证',
  source: '来源',
  enumKey: '提示类型',
  unionId: 'unionId',
  projectEnum: '项目类型',
};

const HAS_CHINESE = /[\u4e00-\u9fff]/;

interface Issue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/**
 * The contract's own messages are Chinese and already name the field ('请输入手机号'); zod's built-in
 * messages are English, so those are rewritten here with the field's Chinese name.
 */
export function issueMessage(issue: Issue): string {
  const message = issue.message ?? '';
  if (HAS_CHINESE.test(message)) return message;
  const field = issue.instancePath.split('/').filter(Boolean).join('.');
  if (!field) return MESSAGES.badFormat;
  const label = Object.hasOwn(FIELD_LABELS, field) ? `${FIELD_LABELS[field]}(${field})` : `参数 ${field} `;
  const { minimum, maximum, origin } = issue.params as { minimum?: number; maximum?: number; origin?: string };
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined/.test(message) ? `缺少${label}` : `${label}格式不正确`;
    case 'too_small':
      return origin === 'string' ? `${label}长度不能少于${minimum}个字符` : `${label}不能小于${minimum}`;
    case 'too_big':
      return origin === 'string' ? `${label}长度不能超过${maximum}个字符` : `${label}不能大于${maximum}`;
    case 'invalid_value':
      return `${label}取值不正确`;
    default:
      return `${label}格式不正确`;
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.statusCode).send(failure(error.code, error.message, error.info));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(failure(ERROR_CODES.BAD_INPUT, issueMessage(error.validation[0])));
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status === 413) {
      return reply.code(413).send(failure(ERROR_CODES.BODY_TOO_LARGE, MESSAGES.bodyTooLarge));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: JSON syntax, empty body, content type, body size.
      return reply.code(status).send(failure(ERROR_CODES.BAD_INPUT, MESSAGES.badFormat));
    }
    if (isDatabaseUnreachable(error)) {
      // Not this request's fault and not a bug: the load balancer may try another process, the client retries.
      request.log.warn({ err: error }, 'database unreachable');
      return reply.code(503).send(failure(ERROR_CODES.SERVICE_UNAVAILABLE, MESSAGES.unavailable));
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(failure(ERROR_CODES.SERVER_ERROR, MESSAGES.serverError));
  });

  // Every first path segment a route is registered under (front, api, ops, sandbox, docs, static...): an unknown
  // path there is a mistaken call and keeps its JSON answer, whoever asks.
  const apiPrefixes = new Set<string>();
  app.addHook('onRoute', (route) => {
    const first = route.url.split('/')[1] ?? '';
    if (first && !first.includes('*') && !first.includes(':')) apiPrefixes.add(first);
  });

  app.setNotFoundHandler((request, reply) => {
    // §2: unknown paths go to the error page. A browser opening one gets the H5 app (when built), which shows it.
    if (app.appPage && isPageNavigation(request, apiPrefixes)) return app.appPage(reply.code(404));
    return reply.code(404).send(failure(ERROR_CODES.NOT_FOUND, MESSAGES.routeNotFound));
  });
}

/** A browser opening an address (GET, wants HTML), outside every prefix the server's own routes live under. */
export function isPageNavigation(request: FastifyRequest, apiPrefixes: ReadonlySet<string>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!/\btext\/html\b/.test(request.headers.accept ?? '')) return false;
  const first = request.url.split('?')[0].split('/')[1] ?? '';
  return !apiPrefixes.has(first);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the H5 app's page (set by plugins/static when the app is built). */
    appPage?: (reply: FastifyReply) => FastifyReply;
  }
}
