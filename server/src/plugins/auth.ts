/**
 * Session tokens: a route says in its config whether it needs a session (`session: 'required'`) or merely
 * uses one when present (`'optional'`). The token travels in the signed parameters (`token` of the body or
 * query, §7), never in a header. A missing, unknown, expired or revoked token on a route that needs one is
 * HTTP 401 with code 502, which the storefront treats as "log in again" (§4, §8).
 */
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { sessionExpired } from '../http';
import { findLiveSession, type Session } from '../services/sessions';
import type { Db } from './db';

declare module 'fastify' {
  interface FastifyContextConfig {
    session?: 'required' | 'optional';
  }
  interface FastifyRequest {
    /** Set by the auth hook on routes that declare `config.session`. */
    session: Session | null;
  }
}

function tokenOf(source: unknown): string | null {
  if (!source || typeof source !== 'object') return null;
  const token = (source as Record<string, unknown>).token;
  return typeof token === 'string' && token.trim() ? token.trim() : null;
}

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('session', null);

  const attach =
    (required: boolean): preValidationHookHandler =>
    async (request) => {
      const token = tokenOf(request.body) ?? tokenOf(request.query);
      const session = token ? await findLiveSession(db, token) : null;
      if (!session && required) throw sessionExpired();
      request.session = session;
    };
  const requiredHook = attach(true);
  const optionalHook = attach(false);

  app.addHook('onRoute', (route) => {
    const mode = route.config?.session;
    if (!mode) return;
    const existing = route.preValidation ? ([] as preValidationHookHandler[]).concat(route.preValidation) : [];
    route.preValidation = [...existing, mode === 'required' ? requiredHook : optionalHook];
  });
}

/** The session of a route declared `session: 'required'`; the hook has already refused requests without one. */
export function requireSession(session: Session | null): Session {
  if (!session) throw sessionExpired();
  return session;
}
