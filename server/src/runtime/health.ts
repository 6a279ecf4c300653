/**
 * The load balancer's probes (DESIGN.md §5, docs/deployment.md):
 * - GET /healthz: this process runs and serves HTTP (no database call: a database outage must not get every
 *   process restarted);
 * - GET /readyz: the database answers and every committed migration has been applied, so this process can serve;
 *   503 with the §8 text otherwise. While the server drains (SIGTERM) Fastify answers 503 to both.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES } from '@contract/common';
import { MIGRATIONS_DIR, type Db } from './database/plugin';
import { MESSAGES, failure, ok, responses } from './http';

/** The `when` of the newest committed migration: drizzle's migrator stores it as created_at once applied. */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(`${MIGRATIONS_DIR}meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/** Readiness, with what is wrong when not ready (the log says it; the probe only answers 503). */
export async function readiness(db: Db): Promise<{ ready: true } | { ready: false; reason: string }> {
  let applied: number;
  try {
    const { rows } = (await db.execute(
      sql`select coalesce(max(created_at), 0)::float8 as newest from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { newest: number }[] };
    applied = Number(rows[0]?.newest ?? 0);
  } catch (err) {
    return { ready: false, reason: `database: ${(err as Error).message}` };
  }
  const expected = newestMigration();
  if (applied < expected) return { ready: false, reason: `migrations pending (applied ${applied} < ${expected})` };
  return { ready: true };
}

const probe = z.object({ status: z.string() });

export function registerHealth(app: FastifyInstance, db: Db): void {
  const schema = { hide: true, response: responses(probe, [503]) };
  app.get('/healthz', { schema }, async () => ok({ status: 'ok' }));
  app.get('/readyz', { schema }, async (request, reply) => {
    const state = await readiness(db);
    if (state.ready) return ok({ status: 'ready' });
    request.log.warn(`not ready: ${state.reason}`);
    return reply.code(503).send(failure(ERROR_CODES.SERVICE_UNAVAILABLE, MESSAGES.unavailable));
  });
}
