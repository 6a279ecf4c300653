/**
 * Secrets stay out of the server log (issue 9 item 4): the request logger records URLs with token, code,
 * phone, sign and nonceStr masked, and the storefront's GETs carry the token in X-Token, which is not logged.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { BatchedLog, REDACTED, SECRET_QUERY_KEYS, redactQueryByParts, redactUrl, serverOptions, type RequestLog } from '../../src/plugins/server-options';
import { buildHarness, sign, type Harness } from '../helpers/app';

describe('redactUrl', () => {
  it('masks secret query values, whatever their case or encoding, and keeps the rest', () => {
    assert.equal(redactUrl('/front/v1/x'), '/front/v1/x');
    assert.equal(
      redactUrl('/api/user/phone/login?phone=13800138000&code=123456&keyword=%E8%AF%BE&Token=abc&nonceStr=n&sign=s&%74oken=t'),
      `/api/user/phone/login?phone=${REDACTED}&code=${REDACTED}&keyword=%E8%AF%BE&Token=${REDACTED}&nonceStr=${REDACTED}&sign=${REDACTED}&%74oken=${REDACTED}`,
    );
  });

  it('redacts a query without escapes (its one-scan path) exactly as part by part', () => {
    // Keys near the secret ones (prefixes, suffixes, other cases), empty parts, bare keys and repeated `=`.
    const keys = [...SECRET_QUERY_KEYS, 'SIGN', 'NonceStr', 'signs', 'xsign', 'tok', 'codes', 'actSn', 'page', '', 'a=b', 'passwordx'];
    const values = ['', '=', 'v', '12=34', 'abc'];
    let seed = 7;
    const pick = <T>(list: readonly T[]) => list[(seed = (seed * 1103515245 + 12345) % 2147483648) % list.length]!;
    for (let i = 0; i < 3000; i += 1) {
      const parts = Array.from({ length: 1 + (i % 6) }, () => {
        const value = pick(values);
        return i % 5 === 0 && value === '' ? pick(keys) : `${pick(keys)}=${value}`;
      });
      const query = parts.join('&');
      assert.equal(redactUrl(`/front/v1/x?${query}`), `/front/v1/x?${redactQueryByParts(query)}`, query);
    }
    assert.equal(redactUrl('/x?sign=1&&nonceStr&page=2&'), `/x?sign=${REDACTED}&&nonceStr=${REDACTED}&page=2&`);
  });
});

describe('the request log', () => {
  let h: Harness;
  let log = '';
  before(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk) => (log += String(chunk)));
    h = await buildHarness({ env: { LOG_LEVEL: 'info' }, app: { logger: true, logStream: stream } });
  });
  after(() => h.close());

  it('never holds a token, a login code or a phone number, even when a client puts them in the query', async () => {
    const phone = '13912345678';
    const { token } = await h.login(phone);
    const code = h.sms.lastCode(phone);
    // An old or hand-made client that puts the token in the URL: the server ignores it there, the log masks it.
    const url = '/front/v1/user/cache';
    const query = Object.fromEntries(Object.entries(sign('GET', url, { token }, h.config.signKey)).map(([k, v]) => [k, String(v)]));
    const inQuery = await h.inject({ method: 'GET', url, query });
    assert.equal(inQuery.status, 401, 'a token in the query string is not accepted');
    assert.equal((await h.get(url, {}, token)).status, 200, 'the X-Token header is');
    assert.ok(log.includes('/api/user/phone/login'), 'the requests were logged');
    for (const secret of [token, phone, query.sign, query.nonceStr]) assert.ok(!log.includes(secret), `log holds ${secret}`);
    // Six digits may turn up by chance inside a timestamp or a duration; as a value they must not.
    for (const form of [`code=${code}`, `"${code}"`, ` ${code}`]) assert.ok(!log.includes(form), `log holds ${form}`);
  });

  it("writes a success's line, made by hand, with the fields and order of pino's own lines", async () => {
    h.app.log.info('a line through pino');
    const lines = log.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = lines.filter((line) => line.msg === 'request completed');
    const pinoLine = lines.find((line) => line.msg !== 'request completed');
    assert.ok(completed.length >= 3 && pinoLine, 'both kinds of line were written');
    for (const line of completed) {
      assert.deepEqual(Object.keys(line), ['level', 'time', 'pid', 'hostname', 'reqId', 'req', 'res', 'responseTime', 'msg']);
      // The fields pino puts first on every line are the same values.
      for (const key of ['level', 'pid', 'hostname'] as const) assert.equal(line[key], key === 'level' ? 30 : pinoLine[key]);
      assert.equal(typeof line.time, 'number');
      assert.equal(typeof line.responseTime, 'number');
      assert.match(String(line.reqId), /^req-/);
      const req = line.req as Record<string, unknown>;
      // An undefined value is left out, as pino leaves it out (inject's requests have no remote port).
      assert.deepEqual(Object.keys(req), ['method', 'url', 'host', 'remoteAddress', 'remotePort'].filter((key) => key in req));
      assert.equal(typeof req.method, 'string');
      assert.equal(typeof req.url, 'string');
      assert.equal(typeof (line.res as { statusCode: unknown }).statusCode, 'number');
    }
    const inQuery = completed.find((line) => String((line.req as { url: string }).url).startsWith('/front/v1/user/cache?'));
    assert.equal((inQuery?.res as { statusCode: number }).statusCode, 401, 'a refused request is logged with its status');
  });
});

describe('the request log level', () => {
  const written = (level: string) => {
    const lines: string[] = [];
    const options = serverOptions({ trustProxy: false }, { enabled: true, level, stream: { write: (line: string) => lines.push(line) } as never });
    const request = { id: 'req-1', method: 'GET', url: '/front/v1/x?sign=s', host: 'h', ip: '127.0.0.1', socket: { remotePort: 1 } };
    (options.logController as RequestLog).requestCompleted(null, request as never, { statusCode: 200, elapsedTime: 1.5 } as never);
    return lines;
  };

  it('writes the completed line at info and below, and none above info', () => {
    for (const level of ['trace', 'debug', 'info']) {
      const [line] = written(level);
      assert.equal(JSON.parse(line).req.url, `/front/v1/x?sign=${REDACTED}`, level);
      assert.ok(line.endsWith('}\n'), 'one line');
    }
    for (const level of ['warn', 'error', 'fatal', 'silent']) assert.deepEqual(written(level), [], level);
  });
});

describe('the stdout log destination (BatchedLog)', () => {
  const turn = () => new Promise((r) => setImmediate(r));

  it('writes the lines of one turn of the event loop together, in order, and every line of later turns', async () => {
    const writes: string[] = [];
    const log = new BatchedLog((text) => writes.push(text));
    log.write('a\n');
    log.write('b\n');
    log.write('c\n');
    assert.deepEqual(writes, [], 'nothing is written inside the turn');
    await turn();
    assert.deepEqual(writes, ['a\nb\nc\n'], 'one write for the turn');
    log.write('d\n');
    await turn();
    await turn();
    assert.deepEqual(writes, ['a\nb\nc\n', 'd\n'], 'a quiet line is written at the end of its own turn');
  });

  it('loses no line when flushed before the turn ends (as at process exit)', () => {
    const writes: string[] = [];
    const log = new BatchedLog((text) => writes.push(text));
    log.write('last words\n');
    log.flush();
    log.flush();
    assert.deepEqual(writes, ['last words\n'], 'written once, nothing twice');
  });
});
