/**
 * Statements of the order loop built once per database (a quarter of a loaded PostgreSQL server's CPU
 * went to drizzle building the same SQL text again for every call). drizzle's prepared query keeps the text and
 * fills `sql.placeholder` values per call; on PostgreSQL it is also a named statement, parsed once per pooled
 * connection (node-postgres remembers which of its connections parsed it). PGlite ignores the name; there
 * runtime/database/pglite-statements.ts names every text that runs a second time, these included.
 *
 * Placeholder values are not passed through a column's encoder in a condition or raw fragment, and a nullable
 * timestamp's encoder fails on null, so times go in as ISO text (`isoTime`) through `rawPlaceholder`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from './plugin';

/** A statement to run: a drizzle prepared query. */
interface Runnable {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/** A transaction (or the database itself) a prepared statement may run in. */
export interface Executor {
  readonly _: { readonly session: unknown };
}

/**
 * `build` runs once per database; the returned function gives its statement for `db`, bound to `on` when given:
 * a transaction's statements must go to that transaction's connection (PostgreSQL) or transaction (PGlite), so the
 * statement built on the database is run there with the transaction's client (drizzle's prepared queries send
 * everything through their `client`).
 */
export function preparedStatement<Q extends Runnable>(build: (db: Db) => Q): (db: Db, on?: Executor) => Q {
  const built = new WeakMap<Db, Q>();
  return (db, on) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    if (!on || (on as unknown) === db) return query;
    const client = (on._.session as { client?: unknown }).client;
    if (!client) throw new Error('prepared statement: the transaction has no client');
    return Object.create(query, { client: { value: client } }) as Q;
  };
}

const dialect = new PgDialect();

/** A raw statement (sql``) as a prepared query; it answers the driver's result ({ rows }) as db.execute does. */
export function prepareSql<Row>(
  db: Db,
  name: string,
  statement: SQL,
): PgPreparedQuery<PreparedQueryConfig & { execute: { rows: Row[] } }> {
  return db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
}

/** A placeholder whose value goes to the driver as given (no column encoder): for times (ISO text) and nulls. */
export const rawPlaceholder = (name: string): SQL => sql`${sql.placeholder(name)}`;

/** A time as a placeholder value: ISO text, null kept (see above). */
export const isoTime = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);
