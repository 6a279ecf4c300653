/**
 * Secrets stay out of the server log (issue 9 item 4): the request logger records URLs with token, code,
 * phone, sign and nonceStr masked, and the storefront's GETs carry the token in X-Token, which is not logged.
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { BatchedLog, REDACTED, redactUrl } from '../../src/plugins/server-options';
import { buildHarness, sign, type Harness } from '../helpers/app';

describe('redactUrl', () => {
  it('masks secret query values, whatever their case or encoding, and keeps the rest', () => {
    assert.equal(redactUrl('/front/v1/x'), '/front/v1/x');
    assert.equal(
      redactUrl('/api/user/phone/login?phone=13800138000&code=123456&keyword=%E8%AF%BE&Token=abc&nonceStr=n&sign=s&%74oken=t'),
      `/api/user/phone/login?phone=${REDACTED}&code=${REDACTED}&keyword=%E8%AF%BE&Token=${REDACTED}&nonceStr=${REDACTED}&sign=${REDACTED}&%74oken=${REDACTED}`,
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
    const query = Object.fromEntries(Object.entries(sign('GET', url, { token }, h.config.signKey)).map(([k, v]) => [k, String(v)]));
    const inQuery = await h.inject({ method: 'GET', url, query });
    assert.equal(inQuery.status, 401, 'a token in the query string is not accepted');
    assert.equal((await h.get(url, {}, token)).status, 200, 'the X-Token header is');
    assert.ok(log.includes('/api/user/phone/login'), 'the requests were logged');
    for (const secret of [token, phone, query.sign, query.nonceStr]) assert.ok(!log.includes(secret), `log holds ${secret}`);
    // Six digits may turn up by chance inside a timestamp or a duration; as a value they must not.
    for (const form of [`code=${code}`, `"${code}"`, ` ${code}`]) assert.ok(!log.includes(form), `log holds ${form}`);
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
