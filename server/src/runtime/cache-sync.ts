/**
 * Keeps the memory caches of several server processes on one PostgreSQL fresh (DESIGN.md §5): a change made
 * through one process is published with NOTIFY, and every process LISTENs on one dedicated connection and drops
 * what the change touches. A process that is not listening (not yet connected, or its connection lost) cannot know
 * what others change, so its caches are emptied and bypassed (`live` is false) until it listens again; then they
 * are emptied once more, since changes made meanwhile were never heard.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const SYNC_CHANNEL = 'storefront_cache';

/** What changed: a project's read models (all projects without p), one read-model key, or a session (its hash). */
export type SyncMessage =
  { t: 'read'; p?: string } | { t: 'forget'; p: string; k: string } | { t: 'session'; h: string };

export interface CacheSync {
  /** True while this process hears every change published by the others. */
  readonly live: boolean;
  /** Resolves once this process listens (at start, and again after a lost connection). */
  whenLive(): Promise<void>;
  /** Tells the other processes (not this one: the caller has already applied it here). */
  publish(message: SyncMessage): void;
  close(): Promise<void>;
}

export interface CacheSyncOptions {
  /** A message from another process. */
  onMessage(message: SyncMessage): void;
  /** Drop everything cached: called when listening stops and again when it starts. */
  onReset(): void;
  /** Where errors go (the deployment has no logger of its own; stderr by default). */
  onError?(err: unknown): void;
  /** The wait before listening again after a lost connection. */
  retryMs?: number;
}

/** Payloads past this are not sent as they are (NOTIFY takes under 8000 bytes): every project is dropped instead. */
const MAX_PAYLOAD = 7_000;

export function listenForChanges(pool: pg.Pool, options: CacheSyncOptions): CacheSync {
  const self = randomBytes(6).toString('hex');
  const retryMs = options.retryMs ?? 1_000;
  const report = options.onError ?? ((err: unknown) => console.error('cache sync:', (err as Error).message ?? err));
  let live = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let waiting: (() => void)[] = [];

  const lost = (err: unknown) => {
    report(err);
    live = false;
    options.onReset();
    const gone = client;
    client = null;
    gone?.removeAllListeners();
    // A broken client may still hold its socket; its errors are not news any more.
    gone?.on('error', () => {});
    gone?.end().catch(() => {});
    if (!closed && !retry) retry = setTimeout(connect, retryMs).unref();
  };

  const connect = async () => {
    retry = null;
    if (closed) return;
    const c = new pg.Client(pool.options);
    client = c;
    c.on('error', (err) => {
      if (client === c) lost(err);
    });
    c.on('end', () => {
      if (client === c) lost(new Error('listening connection ended'));
    });
    c.on('notification', (n) => {
      if (n.channel !== SYNC_CHANNEL || !n.payload) return;
      let message: SyncMessage & { from?: string };
      try {
        message = JSON.parse(n.payload) as SyncMessage & { from?: string };
      } catch {
        return;
      }
      if (message.from !== self) options.onMessage(message);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${SYNC_CHANNEL}`);
    } catch (err) {
      if (client === c) lost(err);
      return;
    }
    if (client !== c || closed) return;
    // Whatever was cached before this point may have missed a change.
    options.onReset();
    live = true;
    for (const done of waiting) done();
    waiting = [];
  };

  void connect();

  return {
    get live() {
      return live;
    },
    whenLive: () => (live ? Promise.resolve() : new Promise<void>((done) => waiting.push(done))),
    publish(message) {
      let payload = JSON.stringify({ ...message, from: self });
      if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ t: 'read', from: self });
      // Sent on its own pooled connection, outside any transaction: callers publish after their write committed.
      pool.query('select pg_notify($1, $2)', [SYNC_CHANNEL, payload]).catch((err: unknown) => {
        // The others cannot be told: the backstop expiry of their entries (runtime/deployment.ts) bounds how long
        // they serve the old value.
        report(err);
      });
    },
    async close() {
      closed = true;
      live = false;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      if (c) {
        c.removeAllListeners();
        c.on('error', () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
