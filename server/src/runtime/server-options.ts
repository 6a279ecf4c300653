/**
 * The Fastify constructor options that hardening depends on, in one place:
 * - bodyLimit: no call of the contract sends more than a few KB; a megabyte of garbage must be refused
 *   before anything parses or hashes it (413, see errors.ts).
 * - trustProxy (TRUST_PROXY): behind a reverse proxy request.ip is the proxy's address unless the proxy is
 *   trusted; rate limits per client (runtime/limits.ts) need the real client's address.
 * - the request logger's `req` serializer records the URL with secret query parameters masked, so a token,
 *   login code or phone number that arrives in a query string never reaches the log.
 * - one request log line per request (RequestLog), written by pino when the answer is finished, with both the
 *   request and the response, instead of Fastify's two ('incoming request' and 'request completed').
 * - stdout is written asynchronously (pino.destination with sync: false): lines that arrive while a write is in
 *   flight go out together, and pino flushes what is left when the process exits.
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { Config } from '../config';

export const BODY_LIMIT = 256 * 1024;

/** Query parameters whose values are secrets or personal data; matched case-insensitively. */
export const SECRET_QUERY_KEYS = ['token', 'code', 'phone', 'sign', 'noncestr', 'mobile', 'password'] as const;
const SECRET = new Set<string>(SECRET_QUERY_KEYS);
export const REDACTED = '[redacted]';

/** A query part's key as the server reads it (percent-decoded, `+` as space), lower-cased. */
function keyOf(rawKey: string): string {
  // Most keys are plain ASCII names: decoding is only needed when there is something to decode.
  if (!/[%+]/.test(rawKey)) return rawKey.toLowerCase();
  const raw = rawKey.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** A query's parts one by one: each key decoded as the server reads it, then compared. */
export function redactQueryByParts(query: string): string {
  return query
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const key = eq < 0 ? part : part.slice(0, eq);
      return SECRET.has(keyOf(key)) ? `${key}=${REDACTED}` : part;
    })
    .join('&');
}

/** The URL with the values of secret query parameters replaced; path and other parameters unchanged. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  return `${url.slice(0, at)}?${redactQueryByParts(url.slice(at + 1))}`;
}

interface RequestLike {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's default `req` serializer, but with the URL redacted. */
export function serializeRequest(req: RequestLike) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Fastify's request log lines, with 'incoming request' folded into the line pino writes at the end. */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

export interface LoggerChoice {
  /** false: no logger (tests). */
  enabled: boolean;
  level: string;
  /** Where the log lines go (default stdout); tests pass a stream to read them. */
  stream?: NodeJS.WritableStream;
}

/** The server's stdout log; one per process, as stdout is. */
let stdoutDestination: pino.DestinationStream | undefined;
const stdoutLog = () => (stdoutDestination ??= pino.destination({ dest: 1, sync: false }));

export function serverOptions(config: Pick<Config, 'trustProxy'>, logger: LoggerChoice): FastifyServerOptions {
  const on = logger.enabled && logger.level !== 'silent';
  return {
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    logController: new RequestLog(),
    logger: on
      ? { level: logger.level, serializers: { req: serializeRequest as never }, stream: logger.stream ?? stdoutLog() }
      : false,
  };
}
