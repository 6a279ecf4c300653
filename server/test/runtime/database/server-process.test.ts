/**
 * The server's processes (memory): started without its node settings it relaunches itself with them
 * (node-settings.mjs), and stopping it during a first start stops the seeding child (runtime/database/first-start.ts)
 * too,
 * instead of leaving it running on its own. Linux only (children and command lines read from /proc).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { moveSeededCluster, seedingDirOf } from '../../../src/runtime/database/first-start';
import {
  hasServerSettings,
  serverEnv,
  serverNodeArgs,
  SERVER_ENV,
  SERVER_NODE_FLAGS,
} from '../../../src/node-settings.mjs';

const root = join(__dirname, '../../../..');

const childrenOf = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const cmdline = (pid: number): string[] => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return [];
  }
};
const environ = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
/** The State and PPid lines of a process, to say why it has not gone. */
const statusOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .filter((line) => /^(State|PPid):/.test(line))
      .join(', ');
  } catch {
    return 'gone';
  }
};
const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));

async function until<T>(
  what: string,
  probe: () => T | undefined,
  ms = 120_000,
  gone?: () => string | undefined,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    const why = gone?.();
    if (why !== undefined) throw new Error(`exited while waiting for ${what}:\n${why}`);
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

describe('server node settings', () => {
  it('are seen on the command line or in NODE_OPTIONS, with any value, and need the environment too', () => {
    const env = { ...SERVER_ENV };
    assert.equal(hasServerSettings([...SERVER_NODE_FLAGS], env), true);
    assert.equal(
      hasServerSettings(['--max-semi-space-size=32', '--max_old_space_size=2048', '--single_threaded_gc'], env),
      true,
    );
    assert.equal(hasServerSettings([], { ...env, NODE_OPTIONS: SERVER_NODE_FLAGS.join(' ') }), true);
    assert.equal(hasServerSettings([SERVER_NODE_FLAGS[0]], env), false);
    assert.equal(hasServerSettings([...SERVER_NODE_FLAGS], {}), false);
  });
});

describe('a seeded cluster moved into the data directory', () => {
  it("arrives with PG_VERSION last, replaces a stale half-moved entry and keeps the server's other files", () => {
    const at = mkdtempSync(join(tmpdir(), 'sf-move-'));
    try {
      const dataDir = join(at, 'data');
      const from = seedingDirOf(dataDir);
      mkdirSync(join(from, 'base'), { recursive: true });
      writeFileSync(join(from, 'base', '1'), 'new');
      writeFileSync(join(from, 'PG_VERSION'), '17');
      writeFileSync(join(from, 'postgresql.conf'), 'conf');
      // Left by an earlier start killed while moving, and the uploads the server keeps beside the database.
      mkdirSync(join(dataDir, 'base'), { recursive: true });
      writeFileSync(join(dataDir, 'base', 'stale'), 'old');
      mkdirSync(join(dataDir, 'uploads'));
      writeFileSync(join(dataDir, 'uploads', 'a.png'), 'png');

      moveSeededCluster(from, dataDir);
      assert.deepEqual(readdirSync(dataDir).sort(), ['PG_VERSION', 'base', 'postgresql.conf', 'uploads']);
      assert.deepEqual(readdirSync(join(dataDir, 'base')), ['1']);
      assert.equal(readFileSync(join(dataDir, 'uploads', 'a.png'), 'utf8'), 'png');
      assert.equal(existsSync(from), false);
    } finally {
      rmSync(at, { recursive: true, force: true });
    }
  });
});

describe('server process', { skip: process.platform !== 'linux' && 'reads /proc' }, () => {
  it('relaunches itself with the settings, and a SIGTERM during the first start stops the seeding child too', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sf-process-'));
    // Started as `npm run server` starts it: no settings on the command line or in the environment.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    };
    for (const k of Object.keys(SERVER_ENV)) delete env[k];
    delete env.NODE_OPTIONS;
    const launcher = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    launcher.stdout.on('data', (d) => (output += d));
    launcher.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((r) => launcher.once('exit', (code) => r(code)));
    const gone = () => (launcher.exitCode !== null || launcher.signalCode !== null ? output : undefined);
    try {
      // Found once it runs the server: a child just forked has not exec'd yet, and its cmdline reads empty.
      const server = await until(
        'the relaunched server',
        () => childrenOf(launcher.pid!).find((pid) => cmdline(pid).some((a) => a.endsWith('server/src/main.ts'))),
        120_000,
        gone,
      );
      const args = cmdline(server);
      for (const flag of SERVER_NODE_FLAGS) assert.ok(args.includes(flag), `${flag} in ${args.join(' ')}`);
      for (const [k, v] of Object.entries(SERVER_ENV))
        assert.ok(environ(server).includes(`${k}=${v}`), `${k}=${v} in its environment`);
      const seeding = await until(
        'the first-start child',
        () => childrenOf(server).find((pid) => cmdline(pid).includes('--first-start')),
        120_000,
        gone,
      );

      launcher.kill('SIGTERM');
      // The launcher exits as its server did: 128 + SIGTERM (15), having stopped during the first start.
      assert.equal(await exited, 143, output);
      assert.equal(alive(server), false, 'the server has exited');
      await until('the seeding child to exit', () => (alive(seeding) ? undefined : true), 5_000).catch((err: Error) => {
        throw new Error(`${err.message}; it reads ${statusOf(seeding)}`);
      });
      assert.doesNotMatch(output, /Storefront ready/);
      // The stopped first start built its cluster beside the data directory, never in it: the data directory is
      // not taken as initialised, and the next start clears the leftover, seeds again and serves.
      assert.equal(existsSync(join(dataDir, 'PG_VERSION')), false);
      const again = spawn(process.execPath, serverNodeArgs(), {
        cwd: root,
        env: serverEnv({ ...env, PORT: String(await freePort()) }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let againOutput = '';
      again.stdout.on('data', (d) => (againOutput += d));
      again.stderr.on('data', (d) => (againOutput += d));
      try {
        await until(
          'the second start to serve',
          () => (/Storefront ready/.test(againOutput) ? true : undefined),
          120_000,
          () => (again.exitCode !== null || again.signalCode !== null ? againOutput : undefined),
        );
        assert.equal(existsSync(join(dataDir, 'PG_VERSION')), true);
        assert.equal(existsSync(seedingDirOf(dataDir)), false, "the stopped start's leftover is gone");
      } finally {
        again.kill('SIGTERM');
        await new Promise((r) => (again.exitCode !== null ? r(null) : again.once('exit', r)));
      }
    } finally {
      launcher.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(seedingDirOf(dataDir), { recursive: true, force: true });
    }
  });
});
