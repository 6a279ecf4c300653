/**
 * The nginx configuration docs/deployment.md shows is one nginx takes: balanced blocks and statements, an upstream
 * of several API processes that every location proxies to, the client's address passed on for TRUST_PROXY, and a
 * retry of a 503 (a draining process). Where nginx is installed (scripts/ensure-nginx.sh), `nginx -t` checks the file
 * itself, and nginx runs it in front of three stand-in processes: requests spread over them, the client's address
 * reaches them, and a draining one's 503 is retried on another.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const doc = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'deployment.md'), 'utf8');
const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

interface Directive {
  name: string;
  args: string[];
  children?: Directive[];
}

/** nginx's grammar as far as this file needs it: words, quoted strings, `;`, blocks, # comments. */
function parse(text: string): Directive[] {
  const tokens = [...text.replace(/#[^\n]*/g, '').matchAll(/"[^"]*"|[{};]|[^\s{};"]+/g)].map((m) => m[0]);
  let i = 0;
  const body = (top: boolean): Directive[] => {
    const out: Directive[] = [];
    while (i < tokens.length) {
      if (tokens[i] === '}') {
        assert.ok(!top, 'a } without its {');
        i += 1;
        return out;
      }
      const words: string[] = [];
      while (i < tokens.length && !['{', ';', '}'].includes(tokens[i])) words.push(tokens[(i += 1) - 1]);
      assert.ok(words.length > 0, `a statement without a name near token ${i}`);
      assert.ok(i < tokens.length, `"${words.join(' ')}" is not ended by ; or {`);
      if (tokens[i] === ';') {
        i += 1;
        out.push({ name: words[0], args: words.slice(1) });
      } else if (tokens[i] === '{') {
        i += 1;
        out.push({ name: words[0], args: words.slice(1), children: body(false) });
      } else assert.fail(`"${words.join(' ')}" is not ended by ;`);
    }
    assert.ok(top, 'a { without its }');
    return out;
  };
  return body(true);
}

const all = (ds: Directive[], name: string): Directive[] =>
  ds.flatMap((d) => [...(d.name === name ? [d] : []), ...all(d.children ?? [], name)]);

describe('docs/deployment.md: the nginx configuration', () => {
  const config = parse(block);

  it('is there and parses', () => {
    assert.ok(block.length > 200, 'the doc shows an nginx block');
    assert.deepEqual(
      config.map((d) => d.name),
      ['events', 'http'],
    );
  });

  it('balances several API processes and every location proxies to them', () => {
    const [upstream] = all(config, 'upstream');
    assert.ok(upstream, 'an upstream');
    const servers = (upstream.children ?? []).filter((d) => d.name === 'server');
    assert.ok(servers.length >= 2, `${servers.length} processes`);
    for (const s of servers) assert.match(s.args[0], /^[\w.-]+:\d+$/);
    const locations = all(config, 'location');
    assert.ok(locations.some((l) => l.args.join(' ') === '= /healthz'));
    for (const l of locations) {
      const pass = (l.children ?? []).find((d) => d.name === 'proxy_pass');
      assert.equal(pass?.args[0], `http://${upstream.args[0]}`, `location ${l.args.join(' ')}`);
    }
  });

  it("passes the client's address on (TRUST_PROXY) and retries a draining process's 503", () => {
    const headers = all(config, 'proxy_set_header').map((d) => d.args.join(' '));
    assert.ok(headers.includes('X-Forwarded-For $proxy_add_x_forwarded_for'));
    assert.ok(all(config, 'proxy_next_upstream').some((d) => d.args.includes('http_503')));
  });

  let nginx = '';
  try {
    nginx = execFileSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).trim();
  } catch {
    // Not installed: the parse above is the check.
  }
  it('nginx -t accepts it', { skip: !nginx && 'nginx is not installed' }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'nginx-doc-'));
    try {
      writeFileSync(join(dir, 'nginx.conf'), `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\n${block}`);
      execFileSync(nginx, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: 'pipe' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('nginx runs it in front of three processes', { skip: !nginx && 'nginx is not installed' }, async () => {
    // Stand-ins for the API processes: each says who answered and what address nginx passed on; one may drain.
    let draining = -1;
    const reached: number[] = [];
    const backends = await Promise.all(
      [0, 1, 2].map(
        (i) =>
          new Promise<Server>((resolve) => {
            const server = createServer((req, res) => {
              reached.push(i);
              res.writeHead(i === draining ? 503 : 200, { 'content-type': 'application/json' });
              res.end(JSON.stringify({ backend: i, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
            });
            server.listen(0, '127.0.0.1', () => resolve(server));
          }),
      ),
    );
    const portOf = (s: Server) => (s.address() as AddressInfo).port;
    const front = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const dir = mkdtempSync(join(tmpdir(), 'nginx-run-'));
    // The doc's block with this run's ports, and nginx's files kept in the run's folder rather than /var.
    const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`);
    const text = block
      .replace(/127\.0\.0\.1:300([123])/g, (_, d: string) => `127.0.0.1:${portOf(backends[Number(d) - 1])}`)
      .replace('listen 8080;', `listen 127.0.0.1:${front};`)
      .replace('http {', ['http {', '  access_log off;', ...temps].join('\n'));
    assert.equal(text.match(new RegExp(`127\\.0\\.0\\.1:(${backends.map(portOf).join('|')})\\b`, 'g'))?.length, 3);
    assert.ok(text.includes(`listen 127.0.0.1:${front};`), 'the doc listens on 8080');
    writeFileSync(join(dir, 'nginx.conf'), `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\n${text}`);
    const child = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`http://127.0.0.1:${front}${path}`, { headers });
      return { status: res.status, body: (await res.json()) as { backend: number; forwardedFor: string | null } };
    };
    try {
      const started = Date.now();
      for (;;) {
        try {
          await get('/healthz');
          break;
        } catch (err) {
          if (child.exitCode !== null || Date.now() - started > 10_000) throw err;
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      const spread = new Set<number>();
      for (let i = 0; i < 9; i += 1) {
        const res = await get('/front/v1/customerPage/menu');
        assert.equal(res.status, 200);
        spread.add(res.body.backend);
      }
      assert.deepEqual([...spread].sort(), [0, 1, 2], 'every process gets requests');

      const res = await get('/front/v1/customerPage/menu', { 'X-Forwarded-For': '203.0.113.7' });
      assert.equal(res.body.forwardedFor, '203.0.113.7, 127.0.0.1', "the client's address, then nginx's peer");

      // Process 1 drains: its 503s are retried on the others, and the client never sees one.
      draining = 1;
      reached.length = 0;
      for (let i = 0; i < 9; i += 1) {
        const drained = await get('/front/v1/customerPage/menu');
        assert.equal(drained.status, 200);
        assert.notEqual(drained.body.backend, 1);
      }
      assert.ok(reached.includes(1), 'the draining process was tried');
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      await Promise.all(backends.map((s) => new Promise((r) => s.close(r))));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
