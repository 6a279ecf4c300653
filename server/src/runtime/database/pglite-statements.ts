/**
 * The PGlite adapter: everything the server does to PGlite beyond its public API lives here, installed once by
 * adaptPglite when the database is opened (runtime/database/plugin.ts).
 *
 * Named statements. PGlite's `query` sends a statement as six protocol messages,
 * each its own trip into the WebAssembly (parse, describe, bind, describe, execute, sync), and as an unnamed
 * statement it is parsed, analysed and planned again every time. Here each statement text is parsed and described
 * once, as a named statement of that PGlite, and then runs as bind + execute + sync in one trip; PostgreSQL keeps its
 * plan (plan_cache_mode auto, as for the named statements node-postgres prepares on the PostgreSQL path).
 * Measured on an in-memory PGlite: a primary-key select 121-155 -> 28-33 us, an update through a CTE 434-503 -> 83-94
 * us.
 *
 * What stays as PGlite's own `query` does it: the same locks (the transaction lock outside a transaction, the query
 * lock always), the parameters serialized by the type PostgreSQL describes for them, rows parsed by the same parsers
 * into the same result shape, errors thrown as the DatabaseError PostgreSQL sent (with the query and parameters
 * attached), the file system synced after a statement outside a transaction. Statements are not transactional in
 * PostgreSQL, so one prepared in a transaction that rolls back stays valid. One found stale (deallocated, or its
 * result columns changed by DDL) is prepared afresh (`run`).
 *
 * A text is named the second time it runs: the migrations and the seed run once each (DDL, inserts of many rows),
 * and keeping those would only hold memory. The texts are drizzle's, with every value a parameter, so there are
 * few; still at most STATEMENT_LIMIT are kept, the oldest closed first, so a text built per call (an IN list of
 * every length) cannot grow the memory.
 */
import { types, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { serialize } from 'pg-protocol';

/**
 * The PGlite version whose internals (PgliteInternals below, and what its own `query` does: base.ts, parse.ts) this
 * module was checked against. test/db/pglite-statements.test.ts fails when the installed version differs, until
 * someone checks them again and updates this.
 */
export const PGLITE_CHECKED_VERSION = '0.5.16';

const STATEMENT_LIMIT = 256;

type QueryOptions = Parameters<PGlite['query']>[2];
type Field = { name: string; dataTypeID: number };
interface Statement {
  name: string;
  paramTypes: number[];
  fields: Field[];
}

/** The messages PGlite's protocol parser gives back, as far as they are read here. */
type Message =
  | { name: 'parameterDescription'; dataTypeIDs: number[] }
  | { name: 'rowDescription'; fields: Field[] }
  | { name: 'dataRow'; fields: (string | null)[] }
  | { name: 'commandComplete'; text: string }
  | { name: string };

/** The parts of PGlite used here that its typings mark internal (base.ts: what its own `query` runs under). */
interface PgliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  execProtocol(
    message: Uint8Array,
    options: { syncToFs: boolean; throwOnError?: boolean },
  ): Promise<{ messages: Message[] }>;
  syncToFs(): Promise<void>;
  serializers: Record<number, ((value: unknown) => string) | undefined>;
  parsers: Record<number, ((value: string, type: number) => unknown) | undefined>;
}

let instances = 0;

/**
 * A named statement that cannot run as prepared: it no longer exists (26000, after a DEALLOCATE or DISCARD ALL), or
 * a table changed so that its result columns would differ ("cached plan must not change result type", 0A000).
 */
function isStale(err: unknown): boolean {
  const { code, message } = (err ?? {}) as { code?: string; message?: string };
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(message ?? ''));
}

export class NamedStatements {
  private readonly statements = new Map<string, Statement>();
  private readonly seenOnce = new Set<string>();
  private next = 0;
  /** Names differ between two instances on one PGlite (tests make several). */
  private readonly prefix = `pgl${(instances += 1)}_`;
  private readonly pg: PgliteInternals;

  /** `limit`: statements kept at most; texts run once are remembered up to four times as many, then forgotten. */
  constructor(
    pg: PGlite,
    private readonly limit = STATEMENT_LIMIT,
  ) {
    this.pg = pg as unknown as PgliteInternals;
  }

  /** PGlite's `query`, for the client itself (outside a transaction); `own` is its own, for what is not done here. */
  query(own: PGlite['query']) {
    return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      if (this.runsOwn(text, options)) return own<T>(text, params, options);
      await this.pg._checkReady();
      return this.pg._runExclusiveTransaction(async () => {
        const result = await this.pg._runExclusiveQuery(() => this.run<T>(text, params, options, true));
        await this.pg.syncToFs();
        return result;
      });
    };
  }

  /** The `query` of a transaction `tx` of this client, which holds the transaction lock already. */
  transactionQuery(tx: Transaction) {
    const own = tx.query;
    return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
      if (this.runsOwn(text, options)) return own<T>(text, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      return this.pg._runExclusiveQuery(() => this.run<T>(text, params, options));
    };
  }

  /** True for what PGlite's own query runs: a text's first run, a blob, types given for the parameters. */
  private runsOwn(text: string, options: QueryOptions): boolean {
    if (options?.blob || options?.paramTypes) return true;
    if (this.statements.has(text)) return false;
    if (this.seenOnce.delete(text)) return false;
    if (this.seenOnce.size >= 4 * this.limit) this.seenOnce.clear();
    this.seenOnce.add(text);
    return true;
  }

  /**
   * `again`: outside a transaction a statement found stale is prepared afresh and run once more. In a transaction
   * the error has aborted it, so the error is thrown; the next run (after the rollback) prepares afresh.
   */
  private async run<T>(text: string, params: unknown[], options: QueryOptions, again = false): Promise<Results<T>> {
    try {
      const statement = this.statements.get(text) ?? (await this.prepare(text));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer =
          options?.serializers?.[statement.paramTypes[i]] ?? this.pg.serializers[statement.paramTypes[i]];
        return serializer ? serializer(value) : String(value);
      });
      try {
        const { messages } = await this.pg.execProtocol(
          Buffer.concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        return this.results<T>(statement.fields, messages, options);
      } catch (err) {
        if (!isStale(err)) throw err;
        // Gone (a DEALLOCATE or DISCARD ALL) or its result columns changed under it (DDL at run time). Both are
        // refused before anything runs, so running it again is safe.
        this.statements.delete(text);
        const close = Buffer.concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]);
        await this.pg.execProtocol(close, { syncToFs: false, throwOnError: false });
        if (again) return await this.run<T>(text, params, options);
        throw err;
      }
    } catch (err) {
      // As PGlite's own query reports a database error (errors.ts makePGliteError): with what was run.
      if (err && typeof err === 'object' && 'code' in err)
        Object.assign(err, { query: text, params, queryOptions: options });
      throw err;
    }
  }

  /** Parses and describes `text` as a new named statement, the oldest closed first when the limit is reached. */
  private async prepare(text: string): Promise<Statement> {
    const parts: Buffer[] = [];
    if (this.statements.size >= this.limit) {
      const [oldestText, oldest] = this.statements.entries().next().value as [string, Statement];
      this.statements.delete(oldestText);
      parts.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `${this.prefix}${(this.next += 1)}`;
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    const { messages } = await this.pg.execProtocol(Buffer.concat(parts), { syncToFs: false });
    const params = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
    const row = messages.find((m) => m.name === 'rowDescription') as { fields: Field[] } | undefined;
    const statement: Statement = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      // Shared by every result of this statement, so frozen.
      fields: Object.freeze(
        (row?.fields ?? []).map((f) => Object.freeze({ name: f.name, dataTypeID: f.dataTypeID })),
      ) as Field[],
    };
    this.statements.set(text, statement);
    return statement;
  }

  /** The result as PGlite's parseResults builds it for one statement (its parse.ts). */
  private results<T>(fields: Field[], messages: Message[], options: QueryOptions): Results<T> {
    const own = options?.parsers;
    const parsers = fields.map(
      (f) => own?.[f.dataTypeID] ?? this.pg.parsers[f.dataTypeID] ?? types.parsers[f.dataTypeID],
    );
    const parse = (value: string | null, i: number) =>
      value === null ? null : parsers[i] ? parsers[i](value, fields[i].dataTypeID) : value;
    const rows: unknown[] = [];
    const asArray = options?.rowMode === 'array';
    let command: string | undefined;
    let rowCount: number | undefined;
    let affectedRows = 0;
    for (const message of messages) {
      if (message.name === 'dataRow') {
        const values = (message as { fields: (string | null)[] }).fields;
        if (asArray) rows.push(values.map(parse));
        else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < values.length; i += 1) row[fields[i].name] = parse(values[i], i);
          rows.push(row);
        }
      } else if (message.name === 'commandComplete') {
        // "SELECT 2", "UPDATE 3", "INSERT 0 5": the count is the tag's last word.
        const words = (message as { text: string }).text.split(' ');
        command = words[0];
        const count = Number.parseInt(words[words.length - 1], 10);
        if (!Number.isNaN(count)) rowCount = count;
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows = count;
      }
    }
    const result: Results<T> = { rows: rows as T[], fields, affectedRows };
    if (command !== undefined) Object.assign(result, { command });
    if (rowCount !== undefined) Object.assign(result, { rowCount });
    return result;
  }
}

type Parsers = Record<number, (value: string) => unknown>;

/**
 * `query` with drizzle's own text-keeping parsers left out when they are exactly the client's `textParsers` (PGlite
 * otherwise copies its ~320 parsers per query that brings any); a query with any other parser keeps its own.
 */
function withoutTextParsers(query: PGlite['query'], textParsers: Parsers): PGlite['query'] {
  const strip = (options: QueryOptions): QueryOptions =>
    options?.parsers && Object.keys(options.parsers).every((k) => k in textParsers)
      ? { ...options, parsers: undefined }
      : options;
  return ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, strip(options))) as PGlite['query'];
}

/**
 * Installs the adapter on a client made with `parsers: textParsers`: its `query` (and every transaction's) runs a
 * text seen before as a named statement.
 */
export function adaptPglite(client: PGlite, options: { textParsers: Parsers }): void {
  const { textParsers } = options;
  const statements = new NamedStatements(client);
  client.query = withoutTextParsers(statements.query(client.query.bind(client)), textParsers);
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(fn: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      tx.query = withoutTextParsers(statements.transactionQuery(tx), textParsers);
      return fn(tx);
    });
}
