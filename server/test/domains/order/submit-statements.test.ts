/**
 * The database work of one order as the storefront places it (confirm, order token, submit; scripts/bench.ts's
 * "order submit"), counted per request: every statement the server sends, BEGIN and COMMIT included, each one a
 * round trip. Counting is steady where timing on a shared machine is not; a statement added to the loop fails here.
 * PROBE_STATEMENTS=1 prints each request's statements (=full: their whole text).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Confirmation } from '@contract/order';
import { buildHarness, type Harness } from '../../helpers/app';
import { usingPostgres } from '../../helpers/test-database';

/**
 * Statements per request at most, on the embedded database (one process) and on PostgreSQL (several, where each
 * request also claims its nonce and reads its session with the user row).
 */
// submit: +1 for the guarded stock UPDATE (order/stock.ts), the one statement stock may add.
const BUDGET = {
  single: { confirm: 1, token: 1, submit: 5 },
  shared: { confirm: 3, token: 3, submit: 7 },
};

type Query = (text: string | { text: string }, ...rest: unknown[]) => Promise<unknown>;
interface Queryable {
  query: Query;
}

/** Records the text of every statement sent through the database's client, pooled connections included. */
function countStatements(client: unknown): { seen: string[] } {
  const log = { seen: [] as string[] };
  const watch = (target: Queryable) => {
    const query = target.query.bind(target);
    target.query = (text, ...rest) => {
      log.seen.push(typeof text === 'string' ? text : text.text);
      return query(text, ...rest);
    };
  };
  const pool = client as Queryable & {
    connect?: () => Promise<Queryable>;
    transaction?: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown>;
  };
  if (pool.transaction) {
    watch(pool);
    // PGlite: its transaction sends BEGIN and COMMIT (or ROLLBACK) itself, past `query`.
    const transaction = pool.transaction.bind(pool);
    pool.transaction = async (fn) => {
      log.seen.push('BEGIN');
      try {
        return await transaction((tx) => {
          watch(tx);
          return fn(tx);
        });
      } finally {
        log.seen.push('COMMIT');
      }
    };
  } else if (pool.connect) {
    // node-postgres: every statement goes through a connection the pool hands out (its own query asks for one
    // with a callback).
    const connect = pool.connect.bind(pool) as (done?: (...args: unknown[]) => void) => Promise<Queryable>;
    const watched = new WeakSet<Queryable>();
    const seen = (connection: Queryable | undefined) => {
      if (connection && !watched.has(connection)) {
        watched.add(connection);
        watch(connection);
      }
      return connection;
    };
    (pool as { connect: unknown }).connect = (done?: (err: unknown, c?: Queryable, ...rest: unknown[]) => void) =>
      done
        ? connect((err, c, ...rest) => done(err, seen(c as Queryable | undefined), ...rest))
        : connect().then((c) => seen(c) as Queryable);
  }
  return log;
}

let h: Harness;
let token = '';
let addressId = 0;
let log: { seen: string[] };

before(async () => {
  h = await buildHarness();
  token = (await h.login('13900009999')).token;
  const address = await h.post<{ addressId: number }>(
    '/front/v1/address',
    {
      consigneeName: '张三',
      consigneeTelephone: '13800138000',
      fullAddress: '科技园1号',
      provinceId: '440000',
      cityId: '440100',
      areaId: '440106',
    },
    token,
  );
  assert.equal(address.status, 200, address.raw.body);
  addressId = address.body.info.addressId;
  log = countStatements((h.database.db as unknown as { $client: unknown }).$client);
});
after(async () => h.close());

/** One order; the statements each request sent (and whatever it left running, given a moment to finish). */
async function order(): Promise<Record<'confirm' | 'token' | 'submit', string[]>> {
  const counted = async <T>(call: () => Promise<T>): Promise<[T, string[]]> => {
    const from = log.seen.length;
    const result = await call();
    await new Promise((resolve) => setTimeout(resolve, 20));
    return [result, log.seen.slice(from)];
  };
  const [c, confirm] = await counted(() =>
    h.get<Confirmation>('/front/v1/client/order/confirm/data', { targetSn: 'demo-goods-01' }, token),
  );
  assert.equal(c.status, 200, c.raw.body);
  const { createOrderSn, confirmOrderAmount, deliveryType } = c.body.info;
  const [t, issued] = await counted(() =>
    h.get<{ orderToken: string }>('/front/v1/client/order/confirm/receipt', { createOrderSn }, token),
  );
  assert.equal(t.status, 200, t.raw.body);
  const [s, submit] = await counted(() =>
    h.post(
      '/front/v1/client/order/submit',
      {
        createOrderSn,
        orderToken: t.body.info.orderToken,
        orderDiscountList: [],
        discountsAmount: 0,
        payAmount: confirmOrderAmount.payAmount,
        totalAmount: confirmOrderAmount.orderTotalAmount,
        orderPreAttachVO: { deliveryType, addressId },
      },
      token,
    ),
  );
  assert.equal(s.status, 200, s.raw.body);
  return { confirm, token: issued, submit };
}

test('an order costs a few statements per request, as counted on the second order', async () => {
  await order(); // The first runs prepare statements and fill caches.
  const counts = await order();
  const width = process.env.PROBE_STATEMENTS === 'full' ? undefined : 160;
  if (process.env.PROBE_STATEMENTS)
    for (const [name, texts] of Object.entries(counts))
      console.log(
        `${name}: ${texts.length}\n  ${texts.map((t) => t.replace(/\s+/g, ' ').slice(0, width)).join('\n  ')}`,
      );
  const budget = BUDGET[usingPostgres() ? 'shared' : 'single'];
  for (const name of ['confirm', 'token', 'submit'] as const)
    assert.ok(
      counts[name].length <= budget[name],
      `${name}: ${counts[name].length} statements\n${counts[name].join('\n')}`,
    );
});
