/**
 * The embedded database's guarantees that services rely on (runtime/database/plugin.ts openPglite): order of issue,
 * transactions
 * that hold other statements back, rollback on error with PGlite's error fields, statement listeners told on issue,
 * prepared statements on a transaction's client, rows as drizzle expects them, and a data directory that survives
 * a restart. Written for PGlite in a worker thread (tried and left out: README, Benchmarks); they hold
 * for the in-thread PGlite and guard any later change of how it runs.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import { prepareSql, preparedStatement } from '../../../src/runtime/database/prepared';
import { openPglite, type Database, type Db } from '../../../src/runtime/database/plugin';

type Row = { id: number; v: number };

/** The client drizzle was given (PGlite with runtime/database/plugin.ts's wrappers), to reach it below drizzle. */
const client = (db: Db) => (db as unknown as { $client: Pick<PGlite, 'query'> }).$client;

/** db.execute's rows (the driver's result: PGlite's { rows }). */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function values(db: Db): Promise<number[]> {
  return (await rowsOf<Row>(db, sql`select id, v from t order by id`)).map((r) => Number(r.v));
}

/** The database error (code, constraint) drizzle wraps in its own query error, as domains/order/submit.ts reads it. */
function databaseCause(err: unknown): { code?: string; constraint?: string; message: string } | undefined {
  for (let e = err as { code?: string; cause?: unknown; message: string } | undefined; e; e = e.cause as typeof e)
    if (e.code) return e;
  return undefined;
}

describe('the embedded database', () => {
  let database: Database;
  let db: Db;
  before(async () => {
    database = await openPglite('memory://');
    db = database.db;
    await db.execute(sql`create table t (id serial primary key, v int not null constraint t_v_unique unique)`);
  });
  after(() => database.close());
  const reset = () => db.execute(sql`truncate t restart identity`);

  test('statements run in the order they were issued', async () => {
    await reset();
    const n = Array.from({ length: 60 }, (_, i) => i + 1);
    // Issued one after another without waiting: the serial ids must follow the order of issue.
    await Promise.all(n.map((v) => db.execute(sql`insert into t (v) values (${v})`)));
    assert.deepEqual(await values(db), n);
  });

  test("a transaction's error rolls it back, rejects with the database's fields, and the next statement runs", async () => {
    await reset();
    await db.execute(sql`insert into t (v) values (1)`);
    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t (v) values (2)`);
        await tx.execute(sql`insert into t (v) values (1)`);
      })
      .then(
        () => undefined,
        (err: unknown) => err,
      );
    const cause = databaseCause(failed);
    assert.equal(cause?.code, '23505');
    assert.equal(cause?.constraint, 't_v_unique');
    assert.match(cause?.message ?? '', /duplicate key/);
    assert.deepEqual(await values(db), [1], 'the insert of 2 was rolled back');
    await db.execute(sql`insert into t (v) values (3)`);
    assert.deepEqual(await values(db), [1, 3]);
  });

  test('an error thrown by the transaction body (not the database) rolls back too; tx.rollback() likewise', async () => {
    await reset();
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (v) values (10)`);
        throw new Error('库存不足');
      }),
      /库存不足/,
    );
    await assert.rejects(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t (v) values (11)`);
        tx.rollback();
      }),
      TransactionRollbackError,
    );
    assert.deepEqual(await values(db), []);
  });

  test('statements from outside a transaction wait until it has ended', async () => {
    await reset();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const begun = new Promise<void>((resolve) => (inside = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (v) values (20)`);
      inside();
      await held;
      await tx.execute(sql`insert into t (v) values (21)`);
    });
    await begun;
    let outsideDone = false;
    const outside = rowsOf<{ n: number }>(db, sql`select count(*)::int as n from t`).then(
      (rows) => ((outsideDone = true), rows[0]?.n),
    );
    // Give it ample time: the outside statement must still be waiting for the open transaction.
    await new Promise((resolve) => setTimeout(resolve, 150));
    assert.equal(outsideDone, false);
    release();
    await transaction;
    assert.equal(await outside, 2, 'it ran after the commit and saw both rows');
  });

  test('two transactions open at once on this thread both finish, one after the other, without a deadlock', async () => {
    await reset();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    // B's statements wait for A, which waits for `held` between its statements.
    const a = db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (v) values (50)`);
      await tx.execute(sql`insert into t (v) values (51)`);
      await held;
      await tx.execute(sql`insert into t (v) values (52)`);
      order.push('a');
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const b = db.transaction(async (tx) => {
      await tx.execute(sql`insert into t (v) values (60)`);
      await tx.execute(sql`insert into t (v) values (61)`);
      order.push('b');
    });
    setTimeout(release, 50);
    await Promise.all([a, b]);
    assert.deepEqual(order, ['a', 'b']);
    assert.deepEqual(await values(db), [50, 51, 52, 60, 61]);
  });

  test('a prepared statement runs on the transaction it is given (and rolls back with it)', async () => {
    await reset();
    const insert = preparedStatement((d) =>
      prepareSql(d, 'test_insert_t', sql`insert into t (v) values (${sql.placeholder('v')})`),
    );
    await assert.rejects(
      db.transaction(async (tx) => {
        await insert(db, tx).execute({ v: 30 });
        throw new Error('rolled back');
      }),
    );
    await insert(db).execute({ v: 31 });
    assert.deepEqual(await values(db), [31]);
  });

  test("rows come back as a PGlite made with drizzle's text parsers gives them (text times, numbers, json, bytea, nulls)", async () => {
    const text = `select timestamptz '2026-11-23 08:00:00+08' as at, date '2026-11-23' as d, interval '90 minutes' as i,
      array[timestamp '2026-11-23 08:00'] as ats, 7::int as n, 9::bigint as big, 1.50::numeric as price, true as yes,
      '{"a":[1]}'::jsonb as j, null::text as none, '\\x0102'::bytea as b`;
    const keep = (value: string) => value;
    const parsers = Object.fromEntries(
      [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [
        t,
        keep,
      ]),
    );
    // runtime/database/plugin.ts makes the instance with drizzle's text parsers and sends drizzle's queries without
    // them
    // (PGlite's own array parsers then apply to arrays of those types).
    const local = await PGlite.create({ parsers });
    try {
      for (const rowMode of ['object', 'array'] as const) {
        const expected = await local.query(text, [], { rowMode });
        const actual = await client(db).query(text, [], { rowMode, parsers });
        assert.deepEqual(actual.rows, expected.rows);
        assert.deepEqual(actual.fields, expected.fields);
      }
    } finally {
      await local.close();
    }
  });
});

test('a data directory opened again after a close keeps its rows', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'embedded-db-'));
  try {
    const first = await openPglite(dir);
    await first.db.execute(sql`create table kept (v text)`);
    await first.db.execute(sql`insert into kept values ('订单')`);
    await first.close();
    await assert.rejects(client(first.db).query('select 1'), /closed/i);
    const second = await openPglite(dir);
    try {
      assert.deepEqual(await rowsOf<{ v: string }>(second.db, sql`select v from kept`), [{ v: '订单' }]);
    } finally {
      await second.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
