/**
 * The nginx configuration docs/deployment.md shows is one nginx takes: balanced blocks and statements, an upstream
 * of several API processes that every location proxies to, the client's address passed on for TRUST_PROXY, and a
 * retry of a 503 (a draining process). Where nginx is installed, `nginx -t` checks the file itself.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
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
});
