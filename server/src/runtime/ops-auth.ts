/**
 * Operator routes (/ops/..., DESIGN.md §4 operator side): `Authorization: Bearer <token>` where the token is an
 * operator's console session (domains/operators/sessions.ts) or, for scripts, the OPS_KEY (acting as an owner,
 * recorded as `OPS_KEY` in the audit log). The key comparison is constant-time so it cannot be guessed byte by byte.
 *
 * Each plugin of /ops routes calls `registerOpsAuth(scope, opsKey, { area })`: every route of it then needs the
 * role's access to that area (contract/rules/operator-roles.ts; GET reads, anything else writes) and, when its query
 * or body names a projectSn, that project among the operator's. A route whose data is found by another id says how
 * to find its project with `config: { opsProject }` (or 'all' for a change across every project).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@contract/common';
import { OPS_AUTH_MESSAGES, type OperatorRole } from '@contract/operators';
import { mayAccess, type OpsAccess, type OpsArea } from '@contract/rules/operator-roles';
import { AppError } from './http';
import { operatorOfToken, SESSION_TOKEN_PATTERN } from '../domains/operators/sessions';

export const OPS_MESSAGES = {
  unauthorized: '运营接口需要有效的登录凭证或 OPS_KEY（Authorization: Bearer <token>）',
} as const;

/** Who is calling an /ops route. */
export interface OpsActor {
  /** Null for a script with the OPS_KEY. */
  operatorId: number | null;
  /** The username, or `OPS_KEY`. */
  actor: string;
  role: OperatorRole;
  /** The projects granted, or 'all' (an owner, or the OPS_KEY). */
  projectSns: readonly string[] | 'all';
}

export const OPS_KEY_ACTOR: OpsActor = { operatorId: null, actor: 'OPS_KEY', role: 'owner', projectSns: 'all' };

/** How a route finds the project of the record it reads or changes; null when there is no such record (404). */
export type OpsProjectOf = (request: FastifyRequest) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of an /ops route, set by registerOpsAuth's hook. */
    opsActor?: OpsActor;
  }
  interface FastifyContextConfig {
    /** The area of contract/rules/operator-roles.ts this route belongs to (default: its plugin's). */
    opsArea?: OpsArea;
    /** read or write (default: GET and HEAD read, anything else writes). */
    opsAccess?: OpsAccess;
    /** The project of the record behind the route's id, or 'all' for a change across every project. */
    opsProject?: OpsProjectOf | 'all';
  }
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

function bearerOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const header = request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = /^Bearer\s+(.+)$/i.exec((value ?? '').trim());
  return match ? match[1].trim() : null;
}

/** Whether the request carries `Authorization: Bearer <opsKey>`. */
export function hasOpsKey(request: Pick<FastifyRequest, 'headers'>, opsKey: string): boolean {
  const token = bearerOf(request);
  return token !== null && timingSafeEqual(digest(token), digest(opsKey));
}

const forbidden = (message: string) => new AppError(403, ERROR_CODES.OPS_FORBIDDEN, message);

/** Who is calling, from the bearer token: the OPS_KEY or a live operator session; throws 401 otherwise. */
export async function opsActorOf(request: FastifyRequest, opsKey: string): Promise<OpsActor> {
  const token = bearerOf(request);
  if (token !== null && timingSafeEqual(digest(token), digest(opsKey))) return OPS_KEY_ACTOR;
  if (token !== null && SESSION_TOKEN_PATTERN.test(token)) {
    const found = await operatorOfToken(request.server.db, token);
    if (found === 'disabled') throw new AppError(403, ERROR_CODES.OPS_ACCOUNT_DISABLED, OPS_AUTH_MESSAGES.disabled);
    if (found) return found;
    // Expired, ended by logout or a password change, or never issued: the console logs in again.
    throw new AppError(401, ERROR_CODES.OPS_SESSION_EXPIRED, OPS_AUTH_MESSAGES.sessionExpired);
  }
  throw new AppError(401, ERROR_CODES.OPS_UNAUTHORIZED, OPS_MESSAGES.unauthorized);
}

/** The caller of an /ops route (registerOpsAuth has run). */
export function opsActor(request: FastifyRequest): OpsActor {
  if (!request.opsActor) throw new AppError(401, ERROR_CODES.OPS_UNAUTHORIZED, OPS_MESSAGES.unauthorized);
  return request.opsActor;
}

export function mayActorAccess(actor: OpsActor, area: OpsArea, access: OpsAccess): boolean {
  return mayAccess(actor.role, area, access);
}

/** Refuses (403) unless the caller's role may `access` the `area`. */
export function requireOpsAccess(actor: OpsActor, area: OpsArea, access: OpsAccess): void {
  if (!mayAccess(actor.role, area, access)) throw forbidden(OPS_AUTH_MESSAGES.forbiddenRole);
}

export function inOpsScope(actor: OpsActor, projectSn: string): boolean {
  return actor.projectSns === 'all' || actor.projectSns.includes(projectSn);
}

/** Refuses (403) unless the project is among the caller's. */
export function requireOpsProject(actor: OpsActor, projectSn: string): void {
  if (!inOpsScope(actor, projectSn)) throw forbidden(OPS_AUTH_MESSAGES.forbiddenProject);
}

/** The projects a list may show the caller: undefined for every project. */
export function opsProjectFilter(actor: OpsActor): readonly string[] | undefined {
  return actor.projectSns === 'all' ? undefined : actor.projectSns;
}

const projectSnIn = (value: unknown): string | undefined => {
  const sn = value && typeof value === 'object' ? (value as { projectSn?: unknown }).projectSn : undefined;
  return typeof sn === 'string' ? sn : undefined;
};

/**
 * Adds the bearer check to every route of `scope` (call it inside the operator routes' own plugin) and, with an
 * area, the role and project checks described above.
 */
export function registerOpsAuth(scope: FastifyInstance, opsKey: string, options: { area?: OpsArea } = {}): void {
  scope.addHook('onRequest', async (request) => {
    request.opsActor = await opsActorOf(request, opsKey);
  });
  // After validation, so the projectSn checked is the one the handler will use.
  scope.addHook('preHandler', async (request) => {
    const actor = opsActor(request);
    const config = request.routeOptions.config;
    const area = config.opsArea ?? options.area;
    if (area) {
      const access = config.opsAccess ?? (request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write');
      requireOpsAccess(actor, area, access);
    }
    if (config.opsProject === 'all') {
      if (actor.projectSns !== 'all') throw forbidden(OPS_AUTH_MESSAGES.forbiddenProject);
      return;
    }
    const named = projectSnIn(request.query) ?? projectSnIn(request.body);
    if (named !== undefined) requireOpsProject(actor, named);
    if (config.opsProject) {
      const projectSn = await config.opsProject(request);
      if (projectSn !== null) requireOpsProject(actor, projectSn);
    }
  });
}
