/**
 * Request signature check for /front/* and /api/* routes (DESIGN.md §4): `sign` over the method, the path and
 * the raw parameters (body for POST, query for GET) with contract/signature.ts, a timestamp inside
 * SIGN_WINDOW_MS of the server clock, and a nonce never seen before. Nonces live in a NonceStore
 * (services/nonce-store.ts): in memory for the single-process embedded database, in the shared PostgreSQL when
 * DATABASE_URL is set, so that a replay is refused by whichever process receives it. The key ships in the client: this guards integrity and
 * replay, not identity. The digest is node:crypto's one-shot SHA-256 (services/sha256.ts; the pure-JS one in contract/ is for
 * mini-programs; a one-shot `hash` costs a fifth of a createHash object under load, issue 17); bodies are already
 * bounded in size (server-options.ts) and depth (input-guard.ts).
 */
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { ERROR_CODES } from '@contract/common';
import { SIGN_WINDOW_MS, computeSign } from '@contract/signature';
import { AppError, MESSAGES, badRequest } from '../http';
import { HEX_CASE, sameText } from '../services/hmac';
import { createNonceStore, type NonceStore } from '../services/nonce-store';
import { sha256Hex } from '../services/sha256';
import type { Db } from './db';

/** Routes under these prefixes are called by the storefront's signing request wrapper. */
export const SIGNED_PREFIXES = ['/front/', '/api/'] as const;
export const isSignedUrl = (url: string) => SIGNED_PREFIXES.some((p) => url.startsWith(p));

const NONCE_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;
const SIGN_PATTERN = /^[0-9a-fA-F]{64}$/;

const badSignature = () => new AppError(400, ERROR_CODES.BAD_SIGNATURE, MESSAGES.badSignature);

/** The parameters that were signed: the query for body-less methods, the JSON body otherwise. */
export function signedParams(request: FastifyRequest): Record<string, unknown> {
  const { method } = request;
  const source = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? request.query : request.body;
  if (source === null || typeof source !== 'object' || Array.isArray(source)) throw badRequest(MESSAGES.badFormat);
  return source as Record<string, unknown>;
}

export interface SignatureOptions {
  signKey: string;
  now?: () => number;
  /** Defaults to createNonceStore(db): memory for PGlite, the database for PostgreSQL. */
  nonceStore?: NonceStore;
}

export function registerSignature(app: FastifyInstance, db: Db, options: SignatureOptions): void {
  const now = options.now ?? Date.now;
  const store = options.nonceStore ?? createNonceStore(db, now());

  /** Refuses a bad signature or timestamp (throws); otherwise the nonce's claim: true when it was fresh. */
  const check = (request: FastifyRequest): boolean | Promise<boolean> => {
    const params = signedParams(request);
    const { sign, nonceStr, timestamp } = params;
    if (typeof sign !== 'string' || typeof nonceStr !== 'string' || !NONCE_PATTERN.test(nonceStr)) throw badSignature();
    if (timestamp === undefined || timestamp === null || timestamp === '') throw badSignature();
    // Cheap refusals first: a sign that is not 64 hex digits cannot match, whatever the body.
    if (!SIGN_PATTERN.test(sign)) throw badSignature();
    const expected = computeSign({ method: request.method, path: request.url }, params, options.signKey, sha256Hex);
    if (!sameText(sign, expected, HEX_CASE)) throw badSignature();

    const at = now();
    const sentAt = Number(timestamp);
    if (!Number.isFinite(sentAt) || Math.abs(at - sentAt) > SIGN_WINDOW_MS) {
      throw new AppError(400, ERROR_CODES.REPLAYED, MESSAGES.expired);
    }
    return store.claim(nonceStr, at, sentAt);
  };
  const replayed = () => new AppError(400, ERROR_CODES.REPLAYED, MESSAGES.replayed);

  // A callback hook: with the memory nonce store it finishes in the same turn, without a promise and a microtask
  // per request as an async hook would need (issue 17). Fastify catches what `check` throws.
  const verify: preValidationHookHandler = (request, _reply, done) => {
    const claimed = check(request);
    if (claimed === true) done();
    else if (claimed === false) done(replayed());
    else claimed.then((fresh) => done(fresh ? undefined : replayed()), done);
  };

  app.addHook('onRoute', (route) => {
    if (!isSignedUrl(route.url)) return;
    const existing = route.preValidation ? ([] as preValidationHookHandler[]).concat(route.preValidation) : [];
    route.preValidation = [verify, ...existing];
  });
}
