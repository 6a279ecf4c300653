/**
 * Whether an error means the database cannot be reached (as opposed to a statement it refused): the server then
 * answers 503 (runtime/errors.ts) and the readiness probe fails (runtime/health.ts). drizzle wraps the driver's
 * error, so the causes are followed.
 */

/** Network errors of the connection itself. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
/** SQLSTATE: connection exceptions, the server shutting down or starting, too many connections. */
const UNAVAILABLE_STATES = /^(08...|57P01|57P02|57P03|53300)$/;
/** node-postgres's own words when its connection or pool gives up. */
const DRIVER_TEXTS =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i;

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth += 1) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
    if (typeof message === 'string' && DRIVER_TEXTS.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
