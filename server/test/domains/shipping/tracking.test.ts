/**
 * Tracking providers: the Kuaidi100 adapter against a local fake of its query protocol over real HTTP
 * (form fields, MD5 signature, traces, "not found yet", errors), the sandbox tracker's steps, and the cache that
 * keeps a refreshing customer from hammering the provider.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import {
  createKuaidi100Tracker,
  createSandboxTracker,
  kuaidi100Sign,
  withCache,
} from '../../../src/domains/shipping/providers/tracking';

const CUSTOMER = 'TESTCUSTOMER01';
const KEY = 'testKey123';

describe('Kuaidi100 adapter against a local fake', () => {
  let server: Server;
  let base = '';
  const seen: Array<Record<string, string>> = [];

  before(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(raw));
        seen.push({
          path: req.url ?? '',
          method: req.method ?? '',
          type: String(req.headers['content-type']),
          ...form,
        });
        res.setHeader('content-type', 'application/json;charset=UTF-8');
        if (req.url !== '/poll/query.do' || req.method !== 'POST')
          return res.end(JSON.stringify({ result: false, returnCode: '404', message: 'no such path' }));
        if (form.customer !== CUSTOMER || form.sign !== kuaidi100Sign(form.param, KEY, CUSTOMER)) {
          return res.end(JSON.stringify({ result: false, returnCode: '601', message: '签名错误' }));
        }
        const param = JSON.parse(form.param) as { com: string; num: string };
        if (param.num === 'SF0000000000000')
          return res.end(JSON.stringify({ result: false, returnCode: '500', message: '查询无结果，请隔段时间再查' }));
        res.end(
          JSON.stringify({
            message: 'ok',
            nu: param.num,
            ischeck: '1',
            com: param.com,
            status: '200',
            state: '3',
            data: [
              { time: '2026-11-20 10:00:00', ftime: '2026-11-20 10:00:00', context: '已签收，签收人：商城售后部' },
              { time: '2026-11-19 08:00:00', ftime: '2026-11-19 08:00:00', context: '快件已揽收' },
            ],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('posts customer, param and sign = MD5(param+key+customer) upper-case; maps state and traces', async () => {
    const t = createKuaidi100Tracker({ customer: CUSTOMER, key: KEY, baseUrl: base });
    const r = await t.query({ carrierCode: 'SF', trackingNo: 'SF1234567890123', phone: '5678', shippedAt: new Date() });
    assert.equal(r.state, 'SIGNED');
    assert.deepEqual(
      r.traces.map((x) => x.context),
      ['已签收，签收人：商城售后部', '快件已揽收'],
    );
    const last = seen.at(-1)!;
    assert.equal(last.method, 'POST');
    assert.match(last.type, /application\/x-www-form-urlencoded/);
    assert.deepEqual(JSON.parse(last.param), { com: 'shunfeng', num: 'SF1234567890123', phone: '5678', resultv2: '0' });
    assert.match(last.sign, /^[0-9A-F]{32}$/);
  });

  it('"no result yet" is an empty timeline; a wrong key is a clear 503', async () => {
    const t = createKuaidi100Tracker({ customer: CUSTOMER, key: KEY, baseUrl: base });
    assert.deepEqual(await t.query({ carrierCode: 'SF', trackingNo: 'SF0000000000000', shippedAt: new Date() }), {
      state: 'NONE',
      traces: [],
    });
    const wrong = createKuaidi100Tracker({ customer: CUSTOMER, key: 'nope', baseUrl: base });
    await assert.rejects(
      wrong.query({ carrierCode: 'SF', trackingNo: 'SF1234567890123', shippedAt: new Date() }),
      (e: Error & { statusCode?: number }) => {
        assert.equal(e.message, '物流查询暂不可用：签名错误');
        return true;
      },
    );
  });

  it('the cache asks the provider once per window per shipment, and again after it', async () => {
    let now = 1_000_000;
    const t = withCache(createKuaidi100Tracker({ customer: CUSTOMER, key: KEY, baseUrl: base }), 60_000, () => now);
    const before = seen.length;
    const q = { carrierCode: 'SF', trackingNo: 'SF1234567890123', shippedAt: new Date() };
    await Promise.all([t.query(q), t.query(q), t.query(q)]);
    await t.query(q);
    assert.equal(seen.length - before, 1);
    now += 60_001;
    await t.query(q);
    assert.equal(seen.length - before, 2);
  });
});

describe('sandbox tracker', () => {
  it('advances one step per interval up to 已签收', async () => {
    const shippedAt = new Date('2026-11-20T00:00:00Z');
    let now = shippedAt.getTime();
    const t = createSandboxTracker({ stepMs: 1000, now: () => now });
    assert.equal((await t.query({ carrierCode: 'SF', trackingNo: 'x', shippedAt })).state, 'COLLECTED');
    now += 3500;
    const mid = await t.query({ carrierCode: 'SF', trackingNo: 'x', shippedAt });
    assert.equal(mid.state, 'DELIVERING');
    assert.equal(mid.traces.length, 4);
    assert.equal(mid.traces[0].time, '2026-11-20 08:00:03');
    now += 60_000;
    assert.equal((await t.query({ carrierCode: 'SF', trackingNo: 'x', shippedAt })).state, 'SIGNED');
  });
});
