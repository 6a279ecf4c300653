/**
 * How the API server's node process is started (memory): one list for every launcher, so `npm start`
 * (scripts/start.mjs), `npm run bench` (scripts/bench.ts), the e2e harness and Lighthouse (e2e/harness.ts) and
 * `npm run server` (server/src/main.ts relaunches itself with these when started without them) run the same
 * server. Plain JavaScript because scripts/start.mjs runs without the TypeScript loader.
 *
 * Why each (alternating `npm run bench` runs, PGlite, entrance + activity details, req/s within the noise):
 * - --max-semi-space-size=8: V8's young generation grew to its 2 x 16 MB default in every run; 2 x 8 MB is 16 MB
 *   less resident. A V8 heap setting, read once when the process starts (setting it later does nothing).
 * - --max-old-space-size=1024: V8 lets the old generation grow to up to 4x what survived its last full
 *   collection when the limit is large (the default here is several GB), so under load the heap grew by 40-80 MB
 *   of garbage before a full collection ran. A limit below 2 GB caps that factor (1.3 at 256 MB up to 2.0 at
 *   2 GB; 1.6 at 1 GB). 1 GB is far above what the server keeps alive (about 80 MB) but leaves room for the replay
 *   window's nonces (runtime/nonce-store.ts: kept about six minutes, 11-22 bytes each, so they still grow with
 *   the request rate: about 15 MB at 3000 req/s).
 * - --single-threaded-gc: V8 collects with helper threads by default. On two cores, shared with the load client
 *   and the kernel's network work, handing each young-generation collection (tens a second under load) to helper
 *   threads saves less than it costs. Server CPU per request (`npm run bench`, srv us), four alternating runs with
 *   and without it: entrance 69-72 against 73-76 us, new visitor 95-98 against 96-100, activity details
 *   55 against 57; an earlier pair of runs suggested a tenth, which more runs did not bear out. A few percent,
 *   within the run-to-run noise of req/s, and never worse in any run.
 * - MALLOC_ARENA_MAX=1 (glibc, read at process start): V8 compiles PGlite's hot WebAssembly functions again with
 *   its optimising compiler on a background thread; glibc gave that thread an arena of its own, which kept about
 *   30 MB resident after the compiles. One arena for all threads keeps it out, with the same req/s.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=1024', '--single-threaded-gc'];
export const SERVER_ENV = { MALLOC_ARENA_MAX: '1' };

/** The server's entry, relative to the repository root (the cwd of every launcher). */
const ENTRY = 'server/src/main.ts';

/**
 * node's arguments for the server: the settings, then `extraFlags` (later flags win), the TypeScript loader, the entry.
 */
export function serverNodeArgs(extraFlags = []) {
  return [...SERVER_NODE_FLAGS, ...extraFlags, '--import', 'tsx', ENTRY];
}

/** `env` with the server's settings added (a value already in `env` is kept: someone chose it). */
export function serverEnv(env = process.env) {
  return { ...SERVER_ENV, ...env };
}

const flagName = (flag) => flag.split('=')[0].replace(/_/g, '-');

/** True when this process already runs with each setting (from its command line or NODE_OPTIONS), whatever value. */
export function hasServerSettings(execArgv = process.execArgv, env = process.env) {
  const given = new Set([...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].filter(Boolean).map(flagName));
  return (
    SERVER_NODE_FLAGS.every((f) => given.has(flagName(f))) && Object.keys(SERVER_ENV).every((k) => env[k] !== undefined)
  );
}

/** Set on the relaunched process, so a setting it cannot see (an odd NODE_OPTIONS) never relaunches it again. */
const RELAUNCHED = 'STOREFRONT_SERVER_RELAUNCHED';

/** The exit code of a process ended by `signal` (128 + its number), as a shell reports it. */
export function exitCodeOfSignal(signal) {
  return 128 + (constants.signals[signal] ?? 0);
}

/**
 * Both of the server's launchers (the relaunch below, and runtime/database/first-start.ts's seeding child): runs `node
 * args` as a child with an IPC channel (the child sees this process go away, even killed outright, as 'disconnect')
 * and passes each of `signals` on to it while it runs, so stopping this process stops the child rather than
 * orphaning it. Resolves when the child has exited, with its code or signal and the signal this process passed on.
 *
 * The handlers are in place before the child is started (they run on the event loop, after `spawn` has returned): a
 * signal arriving just as the child starts would otherwise end this process by the signal's default action and leave
 * the child running on its own.
 */
export function spawnPassingSignals(args, { env = process.env, signals = ['SIGINT', 'SIGTERM'] } = {}) {
  let child;
  let passedOn = null;
  const handlers = signals.map((signal) => [
    signal,
    () => {
      passedOn = signal;
      child.kill(signal);
    },
  ]);
  for (const [signal, handler] of handlers) process.on(signal, handler);
  const off = () => {
    for (const [signal, handler] of handlers) process.off(signal, handler);
  };
  child = spawn(process.execPath, args, { stdio: ['inherit', 'inherit', 'inherit', 'ipc'], env });
  return new Promise((resolve, reject) => {
    child.once('error', (err) => {
      off();
      reject(err);
    });
    child.once('exit', (code, signal) => {
      off();
      resolve({ code, signal, passedOn });
    });
  });
}

/**
 * When this process was started without the settings (`npm run server`, a plain `node --import tsx main.ts`),
 * runs the same command again as a child with them and returns true: this process then only passes signals on and
 * exits as the child does. The child leaves when this process goes away (see `leaveWithLauncher`).
 */
export function relaunchWithServerSettings() {
  if (hasServerSettings() || process.env[RELAUNCHED]) return false;
  spawnPassingSignals([...SERVER_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)], {
    env: { ...serverEnv(), [RELAUNCHED]: '1' },
    signals: ['SIGINT', 'SIGTERM', 'SIGHUP'],
  }).then(
    ({ code, signal }) => process.exit(code ?? exitCodeOfSignal(signal)),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
  return true;
}

/**
 * In a relaunched server: `stop` when the launcher is gone (its IPC channel closes, also when it was killed
 * outright), so no server is left holding the port.
 */
export function leaveWithLauncher(stop) {
  if (process.env[RELAUNCHED] && process.send) process.once('disconnect', stop);
}
