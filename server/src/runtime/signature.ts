/**
 * Request signature check for /front/* and /api/* routes (DESIGN.md §4): `sign` over the method, the path and
 * the raw parameters (body for POST, query for GET) with contract/signature.ts, a timestamp inside
 * SIGN_WINDOW_MS of the server clock, and a nonce never seen before, claimed in the NonceStore the deployment
 * chose (runtime/deployment.ts), so that a replay is refused by whichever process receives it. The key ships in
 * the client: this guards integrity and replay, not identity. Bodies are already bounded in size
 * (server-options.ts) and depth (input-guard.ts).
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler, preValidationHookHandler } from 'fastify';
import { ERROR_CODES } from '@contract/common';
import { SIGN_WINDOW_MS, computeSign } from '@contract/signature';
import { AppError, MESSAGES, badRequest } from './http';
import { sameText } from './hmac';
import type { NonceStore } from './nonce-store';
import { sha256Hex } from './sha256';

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
  nonceStore: NonceStore;
}

export function registerSignature(app: FastifyInstance, options: SignatureOptions): void {
  const now = options.now ?? Date.now;
  const store = options.nonceStore;
  const replayed = () => new AppError(400, ERROR_CODES.REPLAYED, MESSAGES.replayed);

  /** Refuses a bad signature, a timestamp outside the window or a nonce seen before. */
  const verify: preValidationAsyncHookHandler = async (request) => {
    const params = signedParams(request);
    const { sign, nonceStr, timestamp } = params;
    if (typeof sign !== 'string' || typeof nonceStr !== 'string' || !NONCE_PATTERN.test(nonceStr)) throw badSignature();
    if (timestamp === undefined || timestamp === null || timestamp === '') throw badSignature();
    // Cheap refusals first: a sign that is not 64 hex digits cannot match, whatever the body.
    if (!SIGN_PATTERN.test(sign)) throw badSignature();
    const expected = computeSign({ method: request.method, path: request.url }, params, options.signKey, sha256Hex);
    if (!sameText(sign.toLowerCase(), expected)) throw badSignature();

    const at = now();
    const sentAt = Number(timestamp);
    if (!Number.isFinite(sentAt) || Math.abs(at - sentAt) > SIGN_WINDOW_MS) {
      throw new AppError(400, ERROR_CODES.REPLAYED, MESSAGES.expired);
    }
    if (!(await store.claim(nonceStr, at, sentAt))) throw replayed();
  };

  app.addHook('onRoute', (route) => {
    if (!isSignedUrl(route.url)) return;
    const existing = route.preValidation ? ([] as preValidationHookHandler[]).concat(route.preValidation) : [];
    route.preValidation = [verify as preValidationHookHandler, ...existing];
  });
}
