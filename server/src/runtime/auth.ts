/**
 * Session tokens: a route says in its config whether it needs a session (`session: 'required'`) or merely
 * uses one when present (`'optional'`). The token travels in the `X-Token` header (GET and DELETE: a URL ends
 * up in logs, proxies and Referer headers, so a token never goes there) or in the JSON body's `token` (§7
 * "token added to payload"). A token in the query string is ignored. A missing, unknown, expired or revoked
 * token on a route that needs one is HTTP 401 with code 502, which the storefront treats as "log in again"
 * (§4, §8).
 */
import type { FastifyInstance, preValidationAsyncHookHandler, preValidationHookHandler } from 'fastify';
import { z } from 'zod';
import { sessionExpired } from './http';
import { findLiveSession, type Session } from './sessions';
import type { Db } from './database/plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    session?: 'required' | 'optional';
  }
  interface FastifyRequest {
    /** Set by the auth hook on routes that declare `config.session`. */
    session: Session | null;
  }
}

export const TOKEN_HEADER = 'x-token';

/** For /docs: the header of GET and DELETE calls; loose, so every other header passes validation untouched. */
const tokenHeader = z.looseObject({
  [TOKEN_HEADER]: z.string().optional().describe('session token of a GET or DELETE call'),
});

/** A token as sent (header or body field): a non-blank string, trimmed. */
function tokenText(token: unknown): string | null {
  return typeof token === 'string' && token.trim() ? token.trim() : null;
}

function tokenOf(source: unknown): string | null {
  return source && typeof source === 'object' ? tokenText((source as Record<string, unknown>).token) : null;
}

export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('session', null);

  const attach =
    (required: boolean): preValidationAsyncHookHandler =>
    async (request) => {
      const header = request.headers[TOKEN_HEADER];
      const token = tokenText(Array.isArray(header) ? header[0] : header) ?? tokenOf(request.body);
      request.session = token ? await findLiveSession(db, token) : null;
      if (!request.session && required) throw sessionExpired();
    };
  const requiredHook = attach(true);
  const optionalHook = attach(false);

  app.addHook('onRoute', (route) => {
    // The contract's signed fields include `token` for bodies; a query never carries one (it is ignored there),
    // so it is taken out of query schemas and /docs shows the X-Token header instead.
    const query = route.schema?.querystring;
    if (query instanceof z.ZodObject && 'token' in query.shape) {
      route.schema = { ...route.schema, querystring: query.omit({ token: true }) };
      if (!route.schema.headers) route.schema = { ...route.schema, headers: tokenHeader };
    }
    const mode = route.config?.session;
    if (!mode) return;
    const existing = route.preValidation ? ([] as preValidationHookHandler[]).concat(route.preValidation) : [];
    route.preValidation = [
      ...existing,
      (mode === 'required' ? requiredHook : optionalHook) as preValidationHookHandler,
    ];
  });
}

/** The session of a route declared `session: 'required'`; the hook has already refused requests without one. */
export function requireSession(session: Session | null): Session {
  if (!session) throw sessionExpired();
  return session;
}
