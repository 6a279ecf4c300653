/**
 * The Fastify constructor options that hardening depends on, in one place:
 * - bodyLimit: no call of the contract sends more than a few KB; a megabyte of garbage must be refused
 *   before anything parses or hashes it (413, see errors.ts).
 * - trustProxy (TRUST_PROXY): behind a reverse proxy request.ip is the proxy's address unless the proxy is
 *   trusted; rate limits per client (services/limits.ts) need the real client's address.
 * - the request logger's `req` serializer records the URL with secret query parameters masked, so a token,
 *   login code or phone number that arrives in a query string never reaches the log.
 * - one request log line per request (RequestLog): Fastify's default writes two, 'incoming request' and
 *   'request completed'; the one line, written when the answer is finished, carries both (method, masked URL,
 *   client, status, time). Under load the second line was a twentieth of a cached call's CPU (issue 17). The
 *   usual line, a success, is made by hand in pino's format (completedLine), not through pino's serialisers.
 * - the log goes to stdout in one write per turn of the event loop (stdoutLog, BatchedLog below), not pino's
 *   one blocking write(2) per line.
 */
import { hostname } from 'node:os';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
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

const KEY_LENGTHS = SECRET_QUERY_KEYS.map((key) => key.length);
const [MIN_KEY, MAX_KEY] = [Math.min(...KEY_LENGTHS), Math.max(...KEY_LENGTHS)];

/**
 * redactQueryByParts for a query without `%` or `+`, whose keys need no decoding: one scan that copies the query
 * and only lower-cases a key of a secret's length (issue 17: every signed GET carries `nonceStr` and `sign`, and its
 * log line redacted them by split, map and join).
 */
function redactPlainQuery(query: string): string {
  let out = '';
  let copied = 0;
  for (let start = 0; start <= query.length; ) {
    let end = query.indexOf('&', start);
    if (end < 0) end = query.length;
    let eq = query.indexOf('=', start);
    if (eq < 0 || eq > end) eq = end;
    if (eq - start >= MIN_KEY && eq - start <= MAX_KEY && SECRET.has(query.slice(start, eq).toLowerCase())) {
      out += `${query.slice(copied, eq)}=${REDACTED}`;
      copied = end;
    }
    start = end + 1;
  }
  return copied === 0 ? query : out + query.slice(copied);
}

/** The URL with the values of secret query parameters replaced; path and other parameters unchanged. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1);
  const redacted = /[%+]/.test(query) ? redactQueryByParts(query) : redactPlainQuery(query);
  return `${url.slice(0, at)}?${redacted}`;
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

/** pino's fields of every line after level and time, as its default `base` makes them. */
const PINO_BASE = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/**
 * The 'request completed' line as pino writes it through Fastify's request logger and serializeRequest: level,
 * time, pid, hostname, reqId, req, res, responseTime, msg, as one JSON line. Made by hand because pino's way (a
 * child logger's bindings, a serialiser per key, a stringify per value) cost a cached call a sixth of its server
 * CPU under load (issue 17, server CPU per request: menu 42-48 -> 36-39 us, activity details 48-53 -> 41-44 us).
 * JSON.stringify escapes every value a client sent.
 */
export function completedLine(request: FastifyRequest, reply: FastifyReply): string {
  return (
    `{"level":30,"time":${Date.now()}${PINO_BASE},"reqId":${JSON.stringify(request.id)},` +
    `"req":${JSON.stringify(serializeRequest(request))},"res":{"statusCode":${reply.statusCode}},` +
    `"responseTime":${reply.elapsedTime},"msg":"request completed"}\n`
  );
}

/** The levels at which pino writes an info line. */
const INFO_LEVELS = new Set(['trace', 'debug', 'info']);

/**
 * Fastify's request log lines, with 'incoming request' folded into the line written at the end. A success's line
 * goes straight to the log's destination (completedLine), when the level lets info lines through; a failure's
 * goes through pino, with the error serialised as for every other error line.
 */
export class RequestLog extends LogController {
  /** `destination`: where pino writes, or undefined when info lines are not logged. */
  constructor(private readonly destination?: { write(line: string): unknown }) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else this.destination?.write(completedLine(request, reply));
  }
}

export interface LoggerChoice {
  /** false: no logger (tests). */
  enabled: boolean;
  level: string;
  /** Where the log lines go (default stdout); tests pass a stream to read them. */
  stream?: NodeJS.WritableStream;
}

/**
 * stdout for the log, one write per turn of the event loop: the lines of a turn are kept in an array and written
 * together when the turn ends (setImmediate), and what is left when the process exits. Under load a turn
 * answers tens of requests, so tens of lines go out in one write; a quiet server still writes each line at once.
 * Neither pino's default (one blocking write per line) nor pino.destination({ sync: false }) kept up: sonic-boom
 * measures the bytes of its whole pending buffer again for every line (Buffer.byteLength of a string of up to
 * 16 KB), and either way a cached call lost a quarter of its requests per second (issue 17: menu 16600-17700
 * req/s with them, 21800-21900 with this destination, 27700-28300 with no request lines at all).
 */
export class BatchedLog {
  private lines: string[] = [];
  private scheduled = false;

  constructor(private readonly out: (text: string) => void) {}

  write(line: string): boolean {
    this.lines.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
    return true;
  }

  readonly flush = (): void => {
    this.scheduled = false;
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    this.out(text);
  };
}

/** The server's stdout log (see BatchedLog); one per process, as stdout is. */
let stdoutDestination: BatchedLog | undefined;
export function stdoutLog(): BatchedLog {
  if (!stdoutDestination) {
    // process.stdout writes synchronously to a file or a pipe on Linux, so a line written at exit is not lost.
    const log = new BatchedLog((text) => process.stdout.write(text));
    process.on('exit', log.flush);
    stdoutDestination = log;
  }
  return stdoutDestination;
}

export function serverOptions(config: Pick<Config, 'trustProxy'>, logger: LoggerChoice): FastifyServerOptions {
  const on = logger.enabled && logger.level !== 'silent';
  const stream = on ? (logger.stream ?? stdoutLog()) : undefined;
  return {
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    logController: new RequestLog(stream && INFO_LEVELS.has(logger.level) ? stream : undefined),
    logger: stream ? { level: logger.level, serializers: { req: serializeRequest as never }, stream } : false,
  };
}
