/**
 * Named statements on the embedded database (runtime/database/pglite-statements.ts): the same results, fields and
 * errors as
 * PGlite's own query, named from a text's second run, at most `limit` kept (the oldest closed), valid after a
 * rollback, prepared afresh when stale, and the locks kept (a transaction holds other statements back).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PGlite, types } from '@electric-sql/pglite';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { NamedStatements, PGLITE_CHECKED_VERSION } from '../../../src/runtime/database/pglite-statements';

describe('named statements on PGlite', () => {
  let pg: PGlite;
  let own: PGlite['query'];
  let statements: NamedStatements;
  let query: PGlite['query'];
  before(async () => {
    pg = await PGlite.create();
    own = pg.query.bind(pg);
    statements = new NamedStatements(pg, 3);
    query = statements.query(own);
    await pg.exec(
      `create table t (id serial primary key, v int not null constraint t_v_unique unique, at timestamptz, tags text[], j jsonb)`,
    );
  });
  after(() => pg.close());

  /** The names PostgreSQL holds for this session, in order of preparing. */
  const prepared = async () =>
    (await own<{ name: string }>('select name from pg_prepared_statements order by prepare_time, name')).rows.map(
      (r) => r.name,
    );

  test("rows, fields, counts and commands are what PGlite's own query gives, in both row modes and on every run", async () => {
    await pg.exec('truncate t restart identity');
    const insert = 'insert into t (v, at, tags, j) values ($1, $2, $3, $4) returning id, v, at, tags, j';
    const values = [
      [1, new Date('2026-11-23T00:00:00Z'), ['a', 'b'], { a: [1] }],
      [2, null, [], null],
      [3, '2026-11-24T08:00:00+08:00', ['c'], { b: 'x' }],
    ];
    const mine = [];
    for (const v of values) mine.push(await query(insert, v));
    assert.deepEqual(
      mine.map((r) => r.rows),
      [
        [{ id: 1, v: 1, at: new Date('2026-11-23T00:00:00Z'), tags: ['a', 'b'], j: { a: [1] } }],
        [{ id: 2, v: 2, at: null, tags: [], j: null }],
        [{ id: 3, v: 3, at: new Date('2026-11-24T00:00:00Z'), tags: ['c'], j: { b: 'x' } }],
      ],
    );
    for (const r of mine) {
      assert.equal(r.affectedRows, 1);
      assert.deepEqual(
        r.fields.map((f) => f.name),
        ['id', 'v', 'at', 'tags', 'j'],
      );
    }
    const cases: [string, unknown[]][] = [
      ['select id, v, at, tags, j from t where v >= $1 order by id', [2]],
      ['update t set v = v + 10 where v > $1', [1]],
      ['delete from t where v = $1 returning id', [13]],
      ['select count(*)::int as n, $1::text as s from t', ['x']],
      // The kinds the server runs besides: upserts, data-modifying CTEs, arrays through unnest and any(), locks,
      // json, booleans and numerics as parameters, insert from a select, a statement that returns nothing.
      ['insert into t (v) values ($1) on conflict do nothing returning id', [1]],
      [
        'insert into t (v, j) values ($1, $2) on conflict (v) do update set j = excluded.j returning id, v, j',
        [2, { up: true }],
      ],
      [
        'with moved as (update t set at = $1 where v = $2 returning id) select count(*)::int as n from moved',
        [new Date('2026-11-25T00:00:00Z'), 3],
      ],
      [
        'insert into t (v, at) select * from unnest($1::int[], $2::timestamptz[]) on conflict do nothing returning v, at',
        [
          [40, 41],
          ['2026-11-23T00:00:00Z', null],
        ],
      ],
      ['select id, tags from t where $1 = any(tags) or v = any($2::int[]) order by id', ['a', [2, 3]]],
      ['select id from t where v = $1 for update', [1]],
      [
        'select $1::boolean as b, $2::numeric as n, $3::jsonb as j, $4::text[] as a',
        [true, '12.50', { k: [1, 'x'] }, ['x', null]],
      ],
      ['insert into t (v, tags) select v + 100, tags from t where v < $1 returning v, tags', [3]],
      ['update t set v = v where v = $1', [999]],
    ];
    for (const [text, params] of cases) {
      for (const rowMode of ['object', 'array'] as const) {
        // Three runs: PGlite's own (first), then prepared and run, then run again.
        for (let run = 0; run < 3; run += 1) {
          await pg.exec('begin');
          try {
            const expected = await own(text, params, { rowMode });
            await pg.exec('rollback');
            await pg.exec('begin');
            const actual = await query(text, params, { rowMode });
            assert.deepEqual(
              { ...actual, fields: [...actual.fields] },
              expected,
              `${text} (${rowMode}, run ${run + 1})`,
            );
          } finally {
            await pg.exec('rollback');
          }
        }
      }
    }
  });

  test("a query's own parsers are used for its fields", async () => {
    const text = 'select $1::timestamptz as at, 5::int as n';
    const parsers = { [types.TIMESTAMPTZ]: (value: string) => `text:${value}` };
    for (let run = 0; run < 2; run += 1) {
      const { rows } = await query<{ at: string; n: number }>(text, ['2026-11-23T00:00:00Z'], { parsers });
      assert.deepEqual(rows, [{ at: 'text:2026-11-23 00:00:00+00', n: 5 }]);
    }
  });

  test('a text is named on its second run; at most `limit` are kept, the oldest closed; a closed one runs again', async () => {
    for (const name of await prepared()) await pg.exec(`deallocate ${name}`);
    const fresh = new NamedStatements(pg, 3);
    const q = fresh.query(own);
    const texts = ['select 1 as a', 'select 2 as a', 'select 3 as a', 'select 4 as a'];
    await q(texts[0]!);
    assert.deepEqual(await prepared(), [], 'not named on its first run');
    await q(texts[0]!);
    const [first] = await prepared();
    assert.ok(first);
    for (const text of texts.slice(1)) {
      await q(text);
      await q(text);
    }
    const names = await prepared();
    assert.equal(names.length, 3);
    assert.ok(!names.includes(first), 'the oldest was closed');
    const again = await q<{ a: number }>(texts[0]!);
    assert.deepEqual(again.rows, [{ a: 1 }]);
    assert.deepEqual((await q<{ a: number }>(texts[0]!)).rows, [{ a: 1 }]);
    assert.equal((await prepared()).length, 3);
  });

  test("a database error is PostgreSQL's, with the query and parameters, and the next statement runs", async () => {
    await pg.exec('truncate t restart identity');
    const insert = 'insert into t (v) values ($1)';
    await query(insert, [7]);
    await query(insert, [8]);
    await assert.rejects(
      query(insert, [7]),
      (err: Error & { code?: string; constraint?: string; query?: string; params?: unknown[] }) => {
        assert.equal(err.code, '23505');
        assert.equal(err.constraint, 't_v_unique');
        assert.equal(err.query, insert);
        assert.deepEqual(err.params, [7]);
        return true;
      },
    );
    await assert.rejects(query('select nope from t'), /column "nope" does not exist/);
    await assert.rejects(query('select nope from t'), /column "nope" does not exist/);
    await query(insert, [9]);
    assert.deepEqual(
      (await own<{ v: number }>('select v from t order by v')).rows.map((r) => r.v),
      [7, 8, 9],
    );
  });

  test('in a transaction: its statements wait for no lock of their own, a rollback undoes them, the statement stays named', async () => {
    await pg.exec('truncate t restart identity');
    const insert = 'insert into t (v) values ($1) returning v';
    const transaction = pg.transaction.bind(pg);
    let outside: Promise<unknown> = Promise.resolve();
    await assert.rejects(
      transaction(async (tx) => {
        const txQuery = statements.transactionQuery(tx);
        await txQuery(insert, [1]);
        await txQuery(insert, [2]);
        // Issued outside while the transaction runs: it waits for the transaction to end.
        outside = query('select count(*)::int as n from t');
        await txQuery(insert, [3]);
        throw new Error('roll back');
      }),
      /roll back/,
    );
    assert.deepEqual(((await outside) as { rows: unknown[] }).rows, [{ n: 0 }]);
    assert.deepEqual((await query<{ v: number }>(insert, [4])).rows, [{ v: 4 }]);
    await transaction(async (tx) => {
      const txQuery = statements.transactionQuery(tx);
      await txQuery(insert, [5]);
      await txQuery('insert into t (v) values ($1) returning v', [6]);
    });
    assert.deepEqual(
      (await own<{ v: number }>('select v from t order by v')).rows.map((r) => r.v),
      [4, 5, 6],
    );
  });

  test('a statement gone (DEALLOCATE) or whose result columns changed (ALTER TABLE) is prepared afresh and run again', async () => {
    const fresh = new NamedStatements(pg, 8);
    const q = fresh.query(own);
    await pg.exec('create table u (a int); insert into u values (1)');
    const star = 'select * from u';
    const byA = 'select a from u where a = $1';
    for (let run = 0; run < 2; run += 1) {
      await q(star);
      await q(byA, [1]);
    }
    const before = await prepared();
    await pg.exec('deallocate all');
    assert.deepEqual((await q(byA, [1])).rows, [{ a: 1 }], 'gone: prepared afresh');
    assert.equal((await prepared()).length, 1);
    assert.ok(!before.includes((await prepared())[0]!), 'under a new name');
    await q(star);
    await pg.exec("alter table u add column b text default 'x'");
    assert.deepEqual((await q(star)).rows, [{ a: 1, b: 'x' }], 'result columns changed: prepared afresh');
    assert.deepEqual((await q(star)).rows, [{ a: 1, b: 'x' }]);
  });

  test('in a transaction a stale statement fails it (PostgreSQL aborted it); the next run after it works', async () => {
    const fresh = new NamedStatements(pg, 8);
    const q = fresh.query(own);
    const text = 'select count(*)::int as n from u';
    await q(text);
    await q(text);
    await pg.exec('deallocate all');
    await assert.rejects(
      pg.transaction(async (tx) => {
        await fresh.transactionQuery(tx)(text);
      }),
      (err: { code?: string }) => err.code === '26000',
    );
    assert.deepEqual((await q(text)).rows, [{ n: 1 }]);
  });

  test('a closed transaction refuses statements', async () => {
    let kept: ((text: string) => Promise<unknown>) | undefined;
    await pg.transaction(async (tx) => {
      kept = statements.transactionQuery(tx);
    });
    await assert.rejects(kept!('select 1'), /Transaction is closed/);
  });
});

test('the installed PGlite is the version whose internals the adapter was checked against', () => {
  // The adapter (runtime/database/pglite-statements.ts) uses PGlite's private methods and mirrors its own query. A new
  // version
  // may change either: check them against its source, rerun this file, then update PGLITE_CHECKED_VERSION.
  // Its package.json is not exported: found from the package's entry, upwards.
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  const installed = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  assert.equal(
    installed,
    PGLITE_CHECKED_VERSION,
    `PGlite ${installed}: check runtime/database/pglite-statements.ts against it`,
  );
});
