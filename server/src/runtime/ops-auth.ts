/**
 * Operator routes (/ops/..., DESIGN.md §4 operator side): a bearer OPS_KEY in the Authorization header.
 * The spec has no back office; these routes let a merchant create forms, coupons and cards and read what
 * customers sent. Routes opt in with `preHandler: app.opsAuth` or by living in a plugin that adds the hook
 * (`registerOpsAuth`). The comparison is constant-time so the key cannot be guessed byte by byte.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@contract/common';
import { AppError } from './http';

export const OPS_MESSAGES = {
  unauthorized: '运营接口需要有效的 OPS_KEY（Authorization: Bearer <OPS_KEY>）',
} as const;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether the request carries `Authorization: Bearer <opsKey>`. */
export function hasOpsKey(request: Pick<FastifyRequest, 'headers'>, opsKey: string): boolean {
  const header = request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer\s+(.+)$/i.exec((value ?? '').trim());
  if (!match) return false;
  return timingSafeEqual(digest(match[1].trim()), digest(opsKey));
}

/** Adds the bearer check to every route of `scope` (call it inside the operator routes' own plugin). */
export function registerOpsAuth(scope: FastifyInstance, opsKey: string): void {
  scope.addHook('onRequest', async (request) => {
    if (!hasOpsKey(request, opsKey)) throw new AppError(401, ERROR_CODES.OPS_UNAUTHORIZED, OPS_MESSAGES.unauthorized);
  });
}
