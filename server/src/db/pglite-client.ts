/**
 * PGlite in a worker thread (issue 17): a CPU profile of the order bench had half of the server thread's busy time
 * in PGlite's WebAssembly and JS, which ran synchronously on the event loop. The worker (./pglite-worker.mjs) owns
 * the PGlite instance; this is the main thread's client, the part of PGlite's interface drizzle-orm/pglite uses
 * (query(text, params, options), exec, transaction(fn) with tx.query / tx.exec / tx.rollback, close), forwarded
 * over the worker's port: the statements issued in one turn of the event loop go as one message, and the worker
 * answers the same way (an unbatched first version made 11 orders/s where the one-thread server made 22-34).
 *
 * Kept from the in-thread PGlite: statements run one at a time in the order issued (messages arrive in order and
 * the worker hands each to PGlite as it arrives); a transaction is PGlite's own, held open in the worker until
 * `fn` settles, so other statements wait for it; `fn`'s error rolls it back and is rethrown; a statement's error
 * rejects with PGlite's fields (message, code, detail, constraint, ...); `told(text)` hears each statement as it
 * is issued. Parsers are functions and cannot cross threads: the worker's PGlite keeps drizzle's text types as
 * text itself, so a query may bring only those (as drizzle's always do) and they are dropped here. That is also the
 * old parser-table shortcut: PGlite copies its table of ~320 type parsers for every query that brings parsers (a
 * seventh of a loaded server's time once), and the worker's queries bring none.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { OP, TEXT_TYPES } from './pglite-protocol.mjs';

type Row = Record<string, unknown> | unknown[];
export interface Results {
  rows: Row[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
  serializers?: Record<number, unknown>;
  blob?: unknown;
}
interface WorkerError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}
type Reply = [id: number, failed: 0, result: unknown] | [id: number, failed: 1, error: WorkerError];

export interface WorkerTransaction {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results>;
  exec(text: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);
/** Values of the shared flag: 0 waiting, ANSWERED (an answer is on the sync port), GONE (the worker ended). */
const ANSWERED = 1;
const GONE = 2;
const textType = new Set(TEXT_TYPES.map(String));

/**
 * PGlite's WebAssembly, compiled once per process and handed to every worker (a compiled module crosses threads
 * without a copy of its code). PGlite caches its compile per thread, so without this every worker compiled
 * pglite.wasm again, and initdb.wasm for every fresh database: an in-memory open + migrate + close cost 4.1-4.3 s
 * of CPU instead of 2.5-2.6 s in one thread (the server suite opens one per harness).
 */
const pgliteDist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
/** A compiled WebAssembly.Module (the server's lib settings carry no WebAssembly types). */
type WasmModule = object;
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } };
const compiled = new Map<string, Promise<WasmModule>>();
function wasmModule(file: 'pglite.wasm' | 'initdb.wasm'): Promise<WasmModule> {
  let module = compiled.get(file);
  if (!module) compiled.set(file, (module = readFile(join(pgliteDist, file)).then((bytes) => wasm.compile(bytes))));
  return module;
}

/** The error PGlite raised in the worker, with its fields, as an Error of this thread. */
function rebuilt(e: WorkerError): Error {
  const err = Object.assign(new Error(e.message), e.fields);
  err.name = e.name;
  if (e.stack) err.stack = e.stack;
  return err;
}

/** Only the options that can cross: the row mode. A parser or serializer of its own would be lost, so it is refused. */
function rowModeOf(options: QueryOptions | undefined): string | undefined {
  if (!options) return undefined;
  if (options.parsers && !Object.keys(options.parsers).every((k) => textType.has(k))) {
    throw new Error('PGlite worker: a query parser other than the text-keeping ones cannot cross threads');
  }
  if (options.serializers || options.blob) throw new Error('PGlite worker: serializers and blobs are not forwarded');
  return options.rowMode;
}

export class PgliteWorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private nextId = 1;
  /** Where the worker answers a statement the main thread waits for synchronously, and the flag it raises then. */
  private readonly syncPort: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  /** Transactions begun here and not yet answered as ended. */
  private openTransactions = 0;
  private outbox: unknown[][] = [];
  private nextTx = 1;
  private gone: Error | undefined;
  private readonly opened: Promise<unknown>;

  /**
   * Starts the worker and resolves once its PGlite is open. `told` hears every statement's text when it is issued
   * (plugins/db.ts filters and fans it out). `initdb`: the database may need initdb (in memory, or a fresh
   * directory), so its module is compiled here too; a server opening its seeded directory never compiles it.
   */
  static async open(options: { dataDir: string | undefined; postgresqlconf: readonly string[]; initdb: boolean }, told: (text: string) => void): Promise<PgliteWorkerClient> {
    const [pgliteWasmModule, initdbWasmModule] = await Promise.all([wasmModule('pglite.wasm'), options.initdb ? wasmModule('initdb.wasm') : undefined]);
    const client = new PgliteWorkerClient({ dataDir: options.dataDir, postgresqlconf: [...options.postgresqlconf], pgliteWasmModule, initdbWasmModule }, told);
    try {
      await client.opened;
    } catch (err) {
      await client.close().catch(() => undefined);
      throw err;
    }
    return client;
  }

  private constructor(
    options: { dataDir: string | undefined; postgresqlconf: string[]; pgliteWasmModule: WasmModule; initdbWasmModule: WasmModule | undefined },
    private readonly told: (text: string) => void,
  ) {
    // No TypeScript loader in the worker (it is plain JS); a CPU profile asked for the process covers it too.
    const execArgv = process.execArgv.filter((a) => a.startsWith('--cpu-prof'));
    const { port1, port2 } = new MessageChannel();
    this.syncPort = port1;
    this.syncPort.unref();
    const workerData = { ...options, syncPort: port2, signal: this.signal.buffer };
    this.worker = new Worker(WORKER_URL, { workerData, transferList: [port2], execArgv });
    this.opened = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    this.worker.on('message', (replies: Reply[]) => {
      for (const reply of replies) this.settle(reply);
    });
    this.worker.on('error', (err) => this.stop(err));
    this.worker.on('exit', (code) => this.stop(new Error(`PGlite worker exited (${code})`)));
  }

  query(text: string, params?: unknown[], options?: QueryOptions): Promise<Results> {
    this.told(text);
    return this.call(OP.query, 0, text, params, rowModeOf(options)) as Promise<Results>;
  }

  exec(text: string): Promise<Results[]> {
    this.told(text);
    return this.call(OP.exec, 0, text) as Promise<Results[]>;
  }

  /**
   * PGlite's transaction(fn) semantics. BEGIN is sent without waiting for it: the transaction's statements follow
   * it in the worker (they wait there for BEGIN), so a transaction costs no extra round trip.
   *
   * While a transaction is open every other statement waits for it, so it must not wait on this thread's event
   * loop between its statements: answers that come through the loop queue behind the HTTP work of a loaded
   * server while the database sits idle. So once its first statement has been answered (through the loop: in the
   * worker it waits for BEGIN, which waits for everything issued before it, and this thread should not sleep
   * through that backlog), the rest and its end are answered synchronously when it is the only transaction open
   * here: this thread sleeps on `signal` until the worker has run the statement, as it ran the statement itself
   * when PGlite lived in this thread. With another transaction open here they go through the loop: that one may
   * need this thread to go on, and the worker would wait for it. Measured (order bench, alternating, load 7-11):
   * all through the loop 40 / 73 / 54 orders/s, first one through the loop then synchronous 55 / 80 / 76; all
   * synchronous left this thread asleep half of the time behind the worker's backlog.
   */
  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const txId = this.nextTx++;
    this.openTransactions += 1;
    const alone = () => this.openTransactions === 1;
    this.send([0, OP.begin, txId]);
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    // The first statement goes through the loop: in the worker it waits for BEGIN, which waits for everything
    // issued before it, and this thread should not sleep through that backlog.
    let begun = false;
    const run = async (op: number, text?: string, params?: unknown, rowMode?: string) => {
      if (begun && alone()) return this.callNow(op, txId, text, params, rowMode);
      const answer = await this.call(op, txId, text, params, rowMode);
      begun = true;
      return answer;
    };
    const tx: WorkerTransaction = {
      query: async (text, params, options) => {
        open();
        this.told(text);
        return (await run(OP.query, text, params, rowModeOf(options))) as Results;
      },
      exec: async (text) => {
        open();
        this.told(text);
        return (await run(OP.exec, text)) as Results[];
      },
      rollback: async () => {
        open();
        this.told('ROLLBACK');
        await run(OP.rollback);
        closed = true;
      },
      get closed() {
        return closed;
      },
    };
    try {
      let result: T;
      try {
        result = await fn(tx);
      } catch (err) {
        closed = true;
        // The worker rolls back (PGlite's own catch); its answer is awaited so the next statement sees it done.
        await run(OP.end, undefined, false).catch(() => undefined);
        throw err;
      }
      closed = true;
      await run(OP.end, undefined, true);
      return result;
    } finally {
      this.openTransactions -= 1;
    }
  }

  /**
   * A statement answered before this returns (see transaction): what was batched goes first, then this one with
   * the sync flag, and the thread sleeps until the worker raises `signal` with the answer on `syncPort`.
   */
  private callNow(op: number, txId: number, text?: string, params?: unknown, rowMode?: string): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    if (this.outbox.length) this.flush();
    // Lower the flag an earlier answer raised (not the worker's GONE: that stays).
    Atomics.compareExchange(this.signal, 0, ANSWERED, 0);
    try {
      this.worker.postMessage([[id, op, txId, text, params, rowMode, 1]]);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    for (;;) {
      const received = receiveMessageOnPort(this.syncPort);
      if (received) {
        const [, failed, value] = received.message as Reply;
        return failed ? Promise.reject(rebuilt(value)) : Promise.resolve(value);
      }
      // The worker's 'exit' event cannot reach a sleeping thread, so a worker that ends raises GONE itself.
      if (Atomics.load(this.signal, 0) === GONE) return Promise.reject(this.gone ?? new Error('PGlite worker exited'));
      Atomics.wait(this.signal, 0, 0);
    }
  }

  async close(): Promise<void> {
    if (!this.gone) await this.call(OP.close, 0);
    await this.worker.terminate();
  }

  private call(op: number, txId: number, text?: string, params?: unknown, rowMode?: string): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // The worker keeps the process alive only while an answer is awaited (an idle test or server may exit).
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.send([id, op, txId, text, params, rowMode]);
    });
  }

  /**
   * Statements go to the worker in batches: all issued before the event loop's check phase share one message (the
   * order of issue is the order in the batch). Under load that is many requests' statements per postMessage.
   */
  private send(message: unknown[]): void {
    if (this.outbox.push(message) === 1) setImmediate(this.flush);
  }

  private readonly flush = () => {
    const batch = this.outbox;
    this.outbox = [];
    try {
      this.worker.postMessage(batch);
    } catch {
      // A parameter the structured clone refuses: send one by one, so only that statement fails.
      for (const message of batch) {
        try {
          this.worker.postMessage([message]);
        } catch (err) {
          this.settle([message[0] as number, 1, { name: 'DataCloneError', message: (err as Error).message, fields: {} }]);
        }
      }
    }
  };

  private settle([id, failed, value]: Reply): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
    if (failed) waiting.reject(rebuilt(value));
    else waiting.resolve(value);
  }

  /** The worker failed or ended: every answer still awaited gets the error, and later calls too. */
  private stop(err: Error): void {
    this.gone ??= err;
    for (const { reject } of this.pending.values()) reject(err);
    this.pending.clear();
  }
}
