/**
 * The load balancer's probes (runtime/health.ts) and a database that goes away: /healthz answers while the process
 * runs, /readyz only while the database answers with every migration applied. On PostgreSQL, with the database
 * reached through a proxy this test cuts and restores: calls answer 503 with §8's text (nonce claims and rate limits
 * fail closed: nothing passes unchecked), and the process serves again once the database is back.
 */
import assert from 'node:assert/strict';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '@contract/common';
import { openPostgres, type Database } from '../../src/runtime/database/plugin';
import { MESSAGES } from '../../src/runtime/http';
import { buildHarness, type Harness } from '../helpers/app';
import { openTestDatabase, usingPostgres } from '../helpers/test-database';

describe('probes', () => {
  let h: Harness;
  before(async () => {
    h = await buildHarness();
  });
  after(() => h.close());

  it('/healthz and /readyz answer 200 on a migrated database', async () => {
    assert.equal((await h.inject({ method: 'GET', url: '/healthz' })).status, 200);
    const ready = await h.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.status, 200, ready.raw.body);
  });

  it('/readyz answers 503 while a committed migration is not applied', async () => {
    const db = h.database.db;
    const { rows } = (await db.execute(
      sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    const newest = rows[0];
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    try {
      const res = await h.inject({ method: 'GET', url: '/readyz' });
      assert.equal(res.status, 503);
      assert.deepEqual(res.body, {
        state: false,
        message: MESSAGES.unavailable,
        info: null,
        code: ERROR_CODES.SERVICE_UNAVAILABLE,
      });
      assert.equal((await h.inject({ method: 'GET', url: '/healthz' })).status, 200, 'the process itself is fine');
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at)
            values (${newest.id}, ${newest.hash}, ${newest.created_at})`,
      );
    }
    assert.equal((await h.inject({ method: 'GET', url: '/readyz' })).status, 200);
  });
});

/** A TCP proxy to PostgreSQL that can be cut (every connection dropped, new ones refused) and restored. */
async function cuttableProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await open();
  return {
    get port() {
      return port;
    },
    async cut() {
      await new Promise((r) => {
        server!.close(r);
        for (const s of sockets) s.destroy();
      });
    },
    restore: open,
  };
}

describe('a database that goes away and comes back', { skip: !usingPostgres() }, () => {
  let direct: Database;
  let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
  let h: Harness;
  before(async () => {
    direct = await openTestDatabase();
    await direct.migrate();
    const url = new URL(
      (direct.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString,
    );
    proxy = await cuttableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    h = await buildHarness({ database: await openPostgres(url.toString()) });
  });
  after(async () => {
    await h.close();
    // The proxy listens until closed: left open, it kept this file's process (and the whole run) from ending.
    await proxy.cut();
    await direct.close();
  });

  it('answers 503 with §8 text, checks nothing open, and serves again when it is back', async () => {
    const visitor = await h.enter('demo');
    assert.equal((await h.get('/front/v1/customerPage/menu', {}, visitor)).status, 200);
    await proxy.cut();
    const unavailable = { state: false, message: MESSAGES.unavailable, info: null, code: 5031 };
    const menu = await h.get('/front/v1/customerPage/menu', {}, visitor);
    assert.equal(menu.status, 503, JSON.stringify(menu.body));
    assert.deepEqual(menu.body, unavailable);
    // The SMS limits and the nonce claim are in the database: refused, never sent unchecked.
    const code = await h.get('/api/user/phone/verification/code', { phone: '13700009999' }, visitor);
    assert.equal(code.status, 503);
    assert.equal(h.sms.sent.length, 0, 'no code went out');
    assert.equal((await h.post('/front/v1/entrance', { projectSn: 'demo' })).status, 503);
    assert.equal((await h.inject({ method: 'GET', url: '/readyz' })).status, 503);
    assert.equal((await h.inject({ method: 'GET', url: '/healthz' })).status, 200);

    await proxy.restore();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i += 1) {
      status = (await h.get('/front/v1/customerPage/menu', {}, visitor)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(status, 200, 'serving again');
    assert.equal((await h.inject({ method: 'GET', url: '/readyz' })).status, 200);
  });
});
