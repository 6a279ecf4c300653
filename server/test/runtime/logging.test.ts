/**
 * Secrets stay out of the server log: the request logger records URLs with token, code,
 * phone, sign and nonceStr masked, and the storefront's GETs carry the token in X-Token, which is not logged.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import Fastify from 'fastify';
import { REDACTED, redactUrl, serverOptions } from '../../src/runtime/server-options';
import { buildHarness, sign, type Harness } from '../helpers/app';

describe('redactUrl', () => {
  it('masks secret query values, whatever their case or encoding, and keeps the rest', () => {
    assert.equal(redactUrl('/front/v1/x'), '/front/v1/x');
    assert.equal(
      redactUrl(
        '/api/user/phone/login?phone=13800138000&code=123456&keyword=%E8%AF%BE&Token=abc&nonceStr=n&sign=s&%74oken=t',
      ),
      `/api/user/phone/login?phone=${REDACTED}&code=${REDACTED}&keyword=%E8%AF%BE&Token=${REDACTED}&nonceStr=${REDACTED}&sign=${REDACTED}&%74oken=${REDACTED}`,
    );
  });

  it('keeps keys that only look like secret ones, empty parts and bare keys', () => {
    assert.equal(redactUrl('/x?sign=1&&nonceStr&page=2&'), `/x?sign=${REDACTED}&&nonceStr=${REDACTED}&page=2&`);
    assert.equal(
      redactUrl('/x?signs=1&xsign=2&tok=3&codes=4&SIGN=5&passwordx=6'),
      `/x?signs=1&xsign=2&tok=3&codes=4&SIGN=${REDACTED}&passwordx=6`,
    );
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
    const query = Object.fromEntries(
      Object.entries(sign('GET', url, { token }, h.config.signKey)).map(([k, v]) => [k, String(v)]),
    );
    const inQuery = await h.inject({ method: 'GET', url, query });
    assert.equal(inQuery.status, 401, 'a token in the query string is not accepted');
    assert.equal((await h.get(url, {}, token)).status, 200, 'the X-Token header is');
    assert.ok(log.includes('/api/user/phone/login'), 'the requests were logged');
    for (const secret of [token, phone, query.sign, query.nonceStr])
      assert.ok(!log.includes(secret), `log holds ${secret}`);
    // Six digits may turn up by chance inside a timestamp or a duration; as a value they must not.
    for (const form of [`code=${code}`, `"${code}"`, ` ${code}`]) assert.ok(!log.includes(form), `log holds ${form}`);
  });

  it('writes one line per request through pino, with the request and the response', async () => {
    h.app.log.info('a line through pino');
    const lines = log
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = lines.filter((line) => line.msg === 'request completed');
    const pinoLine = lines.find((line) => line.msg !== 'request completed');
    assert.ok(completed.length >= 3 && pinoLine, 'both kinds of line were written');
    for (const line of completed) {
      assert.deepEqual(Object.keys(line), [
        'level',
        'time',
        'pid',
        'hostname',
        'reqId',
        'req',
        'res',
        'responseTime',
        'msg',
      ]);
      // The fields pino puts first on every line are the same values.
      for (const key of ['level', 'pid', 'hostname'] as const)
        assert.equal(line[key], key === 'level' ? 30 : pinoLine[key]);
      assert.equal(typeof line.time, 'number');
      assert.equal(typeof line.responseTime, 'number');
      assert.match(String(line.reqId), /^req-/);
      const req = line.req as Record<string, unknown>;
      // An undefined value is left out, as pino leaves it out (inject's requests have no remote port).
      assert.deepEqual(
        Object.keys(req),
        ['method', 'url', 'host', 'remoteAddress', 'remotePort'].filter((key) => key in req),
      );
      assert.equal(typeof req.method, 'string');
      assert.equal(typeof req.url, 'string');
      assert.equal(typeof (line.res as { statusCode: unknown }).statusCode, 'number');
    }
    const inQuery = completed.find((line) =>
      String((line.req as { url: string }).url).startsWith('/front/v1/user/cache?'),
    );
    assert.equal(
      (inQuery?.res as { statusCode: number }).statusCode,
      401,
      'a refused request is logged with its status',
    );
  });
});

describe('the request log level', () => {
  const written = async (level: string) => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
    const app = Fastify(serverOptions({ trustProxy: false }, { enabled: true, level, stream }));
    app.get('/front/v1/x', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/front/v1/x?sign=s' });
    await app.close();
    await new Promise((r) => setImmediate(r));
    return lines;
  };

  it('writes the completed line at info and below, and none above info', async () => {
    for (const level of ['trace', 'debug', 'info']) {
      const completed = (await written(level))
        .map((line) => JSON.parse(line))
        .filter((line) => line.msg === 'request completed');
      assert.equal(completed.length, 1, level);
      assert.equal(completed[0].req.url, `/front/v1/x?sign=${REDACTED}`, level);
      assert.equal(completed[0].res.statusCode, 200, level);
    }
    for (const level of ['warn', 'error', 'fatal', 'silent']) {
      assert.deepEqual(
        (await written(level)).filter((line) => line.includes('request completed')),
        [],
        level,
      );
    }
  });
});
