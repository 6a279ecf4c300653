/**
 * How a sandbox provider delivers its notification to this server: what a real provider's callback would do.
 * The answer's status 200 means accepted.
 */
import type { FastifyInstance } from 'fastify';

export type NotifySender = (
  path: string,
  body: string,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;

/**
 * Over HTTP to this server's own listening address (what a provider's callback would hit); through
 * fastify.inject when the app is not listening (tests that never listen).
 */
export function selfSender(app: FastifyInstance): NotifySender {
  return async (path, body, headers) => {
    const address = app.server.address();
    if (address && typeof address === 'object') {
      const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${path}`;
      const res = await fetch(url, { method: 'POST', headers, body });
      return { status: res.status, body: await res.text() };
    }
    const res = await app.inject({ method: 'POST', url: path, headers, payload: body });
    return { status: res.statusCode, body: res.body };
  };
}
