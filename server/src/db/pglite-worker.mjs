/**
 * The embedded database's thread (issue 17): owns the PGlite instance, so its WebAssembly runs beside the HTTP
 * work instead of on the server's event loop. The main thread's side is ./pglite-client.ts, which says what the
 * messages are. Plain JavaScript and started without the TypeScript loader: the loader would cost this thread a
 * second copy of itself (memory) and nothing here needs it.
 *
 * Order is PGlite's own: every message is handed to PGlite in the order it arrived (the order the main thread
 * issued it), and PGlite runs statements one at a time in the order they were called. A transaction is PGlite's
 * real transaction(), kept open until the main thread ends it, so statements from outside it wait on PGlite's own
 * mutex exactly as they did in one thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { OP, TEXT_TYPES } from './pglite-protocol.mjs';

/** drizzle's parsers keep these types as text; they are functions and cannot cross threads, so they live here. */
const asText = Object.fromEntries(TEXT_TYPES.map((t) => [t, (value) => value]));

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs as a worker thread (plugins/db.ts openPglite)');

/**
 * What crosses back of a PGlite error: its own fields (code, detail, constraint, ..., the query and its params),
 * without queryOptions (it may hold functions, which cannot be cloned). The main thread rebuilds an Error from it.
 */
function errorMessage(err) {
  const e = err instanceof Error ? err : new Error(String(err));
  const fields = {};
  for (const [key, value] of Object.entries(e)) {
    if (key === 'queryOptions' || typeof value === 'function') continue;
    fields[key] = value;
  }
  return { name: e.name, message: e.message, stack: e.stack, fields };
}

/**
 * Answers go back in batches: every answer ready when the worker's event loop reaches its check phase goes in one
 * message (a postMessage, its clone and waking the other thread cost about as much as a small query here).
 */
let outbox = [];
function flush() {
  const batch = outbox;
  outbox = [];
  try {
    port.postMessage(batch);
  } catch {
    // A field the structured clone refuses (an odd param value in an error): send each alone, such an error
    // without its fields (it still tells why).
    for (const answer of batch) {
      try {
        port.postMessage([answer]);
      } catch {
        const e = answer[2];
        port.postMessage([[answer[0], 1, { name: e.name, message: e.message, stack: e.stack, fields: { code: e.fields?.code } }]]);
      }
    }
  }
}
function post(answer) {
  if (outbox.push(answer) === 1) setImmediate(flush);
}

/** A statement the main thread waits for synchronously (pglite-client.ts callNow): answered at once, then woken. */
function postNow(answer) {
  try {
    syncPort.postMessage(answer);
  } catch {
    const e = answer[2];
    syncPort.postMessage([answer[0], 1, { name: e.name, message: e.message, stack: e.stack, fields: { code: e.fields?.code } }]);
  }
  Atomics.compareExchange(signal, 0, 0, ANSWERED);
  Atomics.notify(signal, 0);
}

/** How a message is answered: in the next batch, or at once for a waiting main thread. */
const answerer = (now) => ({
  reply: (id, result) => (now ? postNow : post)([id, 0, result]),
  fail: (id, err) => (now ? postNow : post)([id, 1, errorMessage(err)]),
});
const { reply, fail } = answerer(false);

/** A result as the main thread needs it: the rows (in drizzle's row mode), fields and affected rows; no blob. */
const plain = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

/** Open transactions by the main thread's id: the PGlite Transaction once BEGIN ran, and how to end it. */
const transactions = new Map();
/** The reason a transaction callback rejects when the main thread rolls it back (PGlite then runs ROLLBACK). */
const ROLLED_BACK = Symbol('rolled back by the main thread');

function begin(txId) {
  let started, notStarted, commit, rollback;
  const ready = new Promise((resolve, reject) => ((started = resolve), (notStarted = reject)));
  const ended = new Promise((resolve, reject) => ((commit = resolve), (rollback = () => reject(ROLLED_BACK))));
  const done = pg.transaction((tx) => (started(tx), ended));
  // BEGIN itself failed: the transaction's statements and its end answer that error.
  done.catch(notStarted);
  ready.catch(() => {});
  transactions.set(txId, { ready, done, commit, rollback });
}

function end(id, txId, commit, { reply, fail }) {
  const t = transactions.get(txId);
  transactions.delete(txId);
  if (!t) return fail(id, new Error(`no open transaction ${txId}`));
  if (commit) t.commit();
  else t.rollback();
  t.done.then(
    () => reply(id, null),
    (err) => (err === ROLLED_BACK ? reply(id, null) : fail(id, err)),
  );
}

/** The PGlite (or the transaction) a statement runs on; a transaction's statements wait for its BEGIN. */
function on(txId, run) {
  if (!txId) return run(pg);
  const t = transactions.get(txId);
  if (!t) return Promise.reject(new Error('Transaction is closed'));
  return t.ready.then(run);
}

function handle([id, op, txId, text, params, rowMode, now]) {
  const { reply, fail } = answerer(now);
  switch (op) {
    case OP.query:
      on(txId, (c) => c.query(text, params, rowMode ? { rowMode } : undefined)).then((r) => reply(id, plain(r)), (err) => fail(id, err));
      return;
    case OP.exec:
      on(txId, (c) => c.exec(text)).then((rs) => reply(id, rs.map(plain)), (err) => fail(id, err));
      return;
    case OP.begin:
      begin(txId);
      return;
    case OP.rollback:
      on(txId, (tx) => tx.rollback()).then(() => reply(id, null), (err) => fail(id, err));
      return;
    case OP.end:
      end(id, txId, Boolean(params), { reply, fail });
      return;
    case OP.close:
      pg.close().then(() => reply(id, null), (err) => fail(id, err));
      return;
    default:
      fail(id, new Error(`unknown message ${op}`));
  }
}

const { syncPort } = workerData;
/** The flag a synchronously waiting main thread sleeps on (pglite-client.ts: 0, ANSWERED = 1, GONE = 2). */
const signal = new Int32Array(workerData.signal);
const ANSWERED = 1;
const GONE = 2;
// However this thread ends, a main thread asleep on the flag must wake and hear it.
process.on('exit', () => {
  Atomics.store(signal, 0, GONE);
  Atomics.notify(signal, 0);
});

let pg;
try {
  // The WebAssembly modules come compiled from the main thread (pglite-client.ts says why).
  const { dataDir, postgresqlconf, pgliteWasmModule, initdbWasmModule } = workerData;
  pg = await PGlite.create({ dataDir, postgresqlconf, parsers: asText, pgliteWasmModule, initdbWasmModule });
} catch (err) {
  fail(0, err);
  throw err;
}
port.on('message', (batch) => batch.forEach(handle));
reply(0, null);
