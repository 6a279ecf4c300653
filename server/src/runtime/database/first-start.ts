/**
 * The embedded database's first start in a child process (memory).
 *
 * initdb, the migrations and the seed grow PGlite's WebAssembly memory and the native heap of the process that runs
 * them (V8 compiling two WebAssembly modules, initdb's own instance). Closing that PGlite frees it for V8, but glibc
 * keeps most of the freed native heap: measured, a server that seeded in-process and reopened its data directory
 * sat at about 350 MB resident, one that opened an already seeded directory at about 255 MB. So a fresh data
 * directory is prepared by a short-lived child (this file run as a script: open, migrate, seed, close, exit),
 * which gives everything back to the system when it exits, and the server then opens the seeded directory once.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitCodeOfSignal, spawnPassingSignals } from '../../node-settings.mjs';

/** True when `dataDir` holds no initialised cluster yet (initdb writes PG_VERSION first; 'memory://' never does). */
export function needsFirstStart(dataDir: string): boolean {
  return !dataDir.startsWith('memory://') && !existsSync(join(resolve(dataDir), 'PG_VERSION'));
}

/** Where a first start builds the cluster before it is moved into the data directory (a sibling, same filesystem). */
export const seedingDirOf = (dataDir: string) => `${resolve(dataDir)}.first-start`;

/**
 * Moves the seeded cluster's entries into `dataDir`, PG_VERSION last: `needsFirstStart` looks for it, so a data
 * directory is taken as initialised only once everything else is in place. Entry by entry rather than one rename of
 * the directory, because `dataDir` may exist already and hold the server's other files (uploads/). A stale entry
 * of the same name (a cluster half-moved when the server was killed) is the database's own and is replaced.
 */
export function moveSeededCluster(from: string, dataDir: string): void {
  const to = resolve(dataDir);
  mkdirSync(to, { recursive: true });
  const entries = readdirSync(from).sort((a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'));
  for (const name of entries) {
    rmSync(join(to, name), { recursive: true, force: true });
    renameSync(join(from, name), join(to, name));
  }
  rmSync(from, { recursive: true, force: true });
}

/**
 * Runs this file in a child node with the parent's flags (they include the TypeScript loader, `--import tsx`) and
 * environment, so it reads the same config; resolves when the child has seeded and exited cleanly.
 *
 * The child builds the cluster in a sibling directory (`seedingDirOf`), which is moved into the data directory only
 * after a clean exit: a first start stopped or killed half-way (even inside initdb) leaves no half-initialised data
 * directory for the next start to trip over; that start clears the leftover and seeds again.
 *
 * Stopping the server stops the child too: a SIGINT or SIGTERM that arrives meanwhile (the server's own handlers
 * are set later, once it listens) is passed to the child, and the server exits as the signal asks once the child
 * has gone, instead of leaving it seeding on its own. The child also leaves when the server is gone without a
 * signal it could pass on (killed outright): its IPC channel then closes.
 */
export async function firstStartInChild(dataDir: string): Promise<void> {
  const seedingDir = seedingDirOf(dataDir);
  rmSync(seedingDir, { recursive: true, force: true });
  const { code, signal, passedOn } = await spawnPassingSignals(
    [...process.execArgv, fileURLToPath(import.meta.url), '--first-start'],
    {
      env: { ...process.env, DATA_DIR: seedingDir },
    },
  );
  // Stopped: exit as the signal's default action would have, not go on to open the database.
  if (passedOn) process.exit(exitCodeOfSignal(passedOn));
  if (code !== 0) throw new Error(`first start (migrate + seed) failed: exit ${code ?? signal}`);
  moveSeededCluster(seedingDir, dataDir);
}

async function runFirstStart(): Promise<void> {
  // Imported here so that the server process, which only spawns this, does not load them twice.
  const { loadConfig } = await import('../../config');
  const { openPglite } = await import('./plugin');
  const { seedIfEmpty } = await import('../../db/seed');
  const config = loadConfig(process.env);
  const database = await openPglite(config.dataDir);
  try {
    await database.migrate();
    await seedIfEmpty(database.db, { cardCodeKey: config.cardCodeKey });
  } finally {
    await database.close();
  }
}

if (
  process.argv.includes('--first-start') &&
  process.argv[1] &&
  resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  // The server that started this is gone (its channel closed): nobody waits for the seed, so stop.
  process.once('disconnect', () => process.exit(1));
  runFirstStart().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
