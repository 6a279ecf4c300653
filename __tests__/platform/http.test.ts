/**
 * The H5 transport (src/platform/http/index.h5.ts) on a fake fetch: what it sends, what it answers for each kind
 * of response, the timeout, and the same failures seen through the request wrapper (§7, §8, §9).
 */
import { createFetchTransport, type FetchTransportDeps } from '../../src/platform/http/index.h5';
import {
  ApiError,
  createRequest,
  REQUEST_TIMEOUT_MS,
  TOKEN_HEADER,
  type TransportRequest,
} from '../../src/api/request';

interface Sent {
  url: string;
  init: RequestInit;
}
type Reply = { status: number; body?: string } | Error | 'hang';

/** A fetch that records what it was asked and answers from `reply`; 'hang' waits until the signal aborts. */
function fakeFetch(reply: (sent: Sent) => Reply, bodyHangs = false) {
  const sent: Sent[] = [];
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const aborted = (signal: AbortSignal | null | undefined) =>
    new Promise<never>((_, reject) =>
      signal?.addEventListener('abort', () => reject(new DOMException('The user aborted a request.', 'AbortError'))),
    );
  const deps: FetchTransportDeps = {
    fetch: () => async (url, init) => {
      sent.push({ url, init });
      const r = reply({ url, init });
      if (r === 'hang') return aborted(init.signal);
      if (r instanceof Error) throw r;
      return {
        status: r.status,
        text: () => (bodyHangs ? aborted(init.signal) : Promise.resolve(r.body ?? '')),
      } as unknown as Response;
    },
    setTimeout: (fn, ms) => {
      timers.push({ fn, ms, cleared: false });
      return timers.length - 1;
    },
    clearTimeout: (handle) => {
      timers[handle as number].cleared = true;
    },
  };
  return { transport: createFetchTransport(deps), sent, timers };
}

const req = (over: Partial<TransportRequest> = {}): TransportRequest => ({
  url: 'https://api.test/front/v1/x',
  method: 'POST',
  data: { a: 1, b: '二' },
  header: { 'content-type': 'application/json' },
  timeout: 60000,
  ...over,
});
const envelope = (info: unknown) => JSON.stringify({ state: true, message: '', info });

describe('H5 fetch transport', () => {
  test('POST: the URL, method and headers as given, the data as a JSON body, with an abort signal', async () => {
    const { transport, sent, timers } = fakeFetch(() => ({ status: 200, body: envelope({ ok: 1 }) }));
    await expect(transport(req())).resolves.toEqual({
      statusCode: 200,
      data: { state: true, message: '', info: { ok: 1 } },
    });
    expect(sent[0].url).toBe('https://api.test/front/v1/x');
    expect(sent[0].init.method).toBe('POST');
    expect(sent[0].init.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(String(sent[0].init.body))).toEqual({ a: 1, b: '二' });
    expect(sent[0].init.signal).toBeInstanceOf(AbortSignal);
    // The timeout is armed with the request's own value and cleared once the answer is read.
    expect(timers).toHaveLength(1);
    expect(timers[0]).toMatchObject({ ms: 60000, cleared: true });
  });

  test('GET sends no body; DELETE sends its (empty) data as Taro.request did', async () => {
    const { transport, sent } = fakeFetch(() => ({ status: 200, body: envelope(null) }));
    await transport(
      req({ method: 'GET', data: {}, header: { 'content-type': 'application/json', [TOKEN_HEADER]: 't' } }),
    );
    expect(sent[0].init.body).toBeUndefined();
    expect(sent[0].init.headers).toEqual({ 'content-type': 'application/json', [TOKEN_HEADER]: 't' });
    await transport(req({ method: 'DELETE', data: {} }));
    expect(sent[1].init).toMatchObject({ method: 'DELETE', body: '{}' });
  });

  test('any HTTP status resolves with its parsed body; empty, 204 and non-JSON bodies are null', async () => {
    const refusal = { state: false, code: 502, message: '登录已失效，请重新登录' };
    const cases: [Reply, unknown][] = [
      [{ status: 401, body: JSON.stringify(refusal) }, refusal],
      [{ status: 500, body: '' }, null],
      [{ status: 204, body: 'ignored' }, null],
      [{ status: 502, body: '<html>Bad Gateway</html>' }, null],
    ];
    for (const [reply, data] of cases) {
      const { transport } = fakeFetch(() => reply);
      await expect(transport(req())).resolves.toEqual({ statusCode: (reply as { status: number }).status, data });
    }
  });

  test('a network failure rejects with request:fail and the reason', async () => {
    const { transport, timers } = fakeFetch(() => new TypeError('Failed to fetch'));
    await expect(transport(req())).rejects.toEqual({ errMsg: 'request:fail Failed to fetch' });
    expect(timers[0].cleared).toBe(true);
  });

  test('the timeout aborts the call and rejects with request:fail timeout, waiting for headers or for the body', async () => {
    for (const bodyHangs of [false, true]) {
      const { transport, timers } = fakeFetch(() => (bodyHangs ? { status: 200, body: '' } : 'hang'), bodyHangs);
      const call = transport(req({ timeout: 1234 }));
      await new Promise((r) => setTimeout(r, 0));
      expect(timers[0].ms).toBe(1234);
      timers[0].fn();
      await expect(call).rejects.toEqual({ errMsg: 'request:fail timeout' });
    }
  });
});

describe('the request wrapper on the H5 transport', () => {
  function wrapper(reply: (sent: Sent) => Reply, over: { online?: boolean; token?: () => string } = {}) {
    const fake = fakeFetch(reply);
    const expired: [string, string][] = [];
    const request = createRequest({
      transport: fake.transport,
      bases: { main: 'https://api.test', user: 'https://user.test', auth: 'https://auth.test' },
      signKey: 'k',
      getToken: over.token ?? (() => 'tok-1'),
      now: () => 1_700_000_000_000,
      isOnline: async () => over.online ?? true,
      onSessionExpired: (m, sentToken) => expired.push([m, sentToken]),
      loading: { show: () => undefined, hide: () => undefined },
    });
    return { request, expired, ...fake };
  }

  test('a signed POST with the token in the body, and the info of the envelope', async () => {
    const { request, sent, timers } = wrapper(() => ({ status: 200, body: envelope({ n: 7 }) }));
    await expect(request({ url: '/front/v1/x', data: { q: 1 } })).resolves.toEqual({ n: 7 });
    const body = JSON.parse(String(sent[0].init.body));
    expect(body).toMatchObject({ q: 1, token: 'tok-1', timestamp: 1_700_000_000_000 });
    expect(body.sign).toMatch(/^[0-9a-f]{64}$/);
    expect(timers[0].ms).toBe(REQUEST_TIMEOUT_MS);
  });

  test('a GET carries its signed query in the URL and the token in the header', async () => {
    const { request, sent } = wrapper(() => ({ status: 200, body: envelope([]) }));
    await request({ url: '/front/v1/search', method: 'GET', data: { keyword: '课' } });
    expect(sent[0].url).toMatch(/^https:\/\/api\.test\/front\/v1\/search\?keyword=%E8%AF%BE&timestamp=/);
    expect(sent[0].init.headers).toMatchObject({ [TOKEN_HEADER]: 'tok-1' });
    expect(sent[0].init.body).toBeUndefined();
  });

  test('time-out, offline and a failure while online get their §8 texts', async () => {
    const slow = wrapper(() => 'hang');
    const call = slow.request({ url: '/x' });
    await new Promise((r) => setTimeout(r, 0));
    slow.timers[0].fn();
    await expect(call).rejects.toMatchObject({ kind: 'timeout', message: '请求超时，请稍后再试哦~' });
    const offline = wrapper(() => new TypeError('Failed to fetch'), { online: false });
    await expect(offline.request({ url: '/x' })).rejects.toMatchObject({
      kind: 'offline',
      message: '当前网络不可用，请检查网络设置',
    });
    const down = wrapper(() => new TypeError('Failed to fetch'));
    await expect(down.request({ url: '/x' })).rejects.toMatchObject({
      kind: 'empty',
      message: '请求失败，稍后再试哦~',
    });
  });

  test('a session refusal (HTTP 401 with code 502) names the token the refused call carried', async () => {
    const { request, expired } = wrapper(() => ({
      status: 401,
      body: JSON.stringify({ state: false, code: 502, message: '登录已失效，请重新登录' }),
    }));
    const err = (await request({ url: '/x' }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'session', code: 502, statusCode: 401 });
    expect(expired).toEqual([['登录已失效，请重新登录', 'tok-1']]);
  });

  test('a business refusal keeps its code and info; a proxy page is an empty response', async () => {
    const refused = wrapper(() => ({
      status: 200,
      body: JSON.stringify({ state: false, code: 1005, message: '已存在待支付订单，请完成付款!', info: 'O1' }),
    }));
    await expect(refused.request({ url: '/x' })).rejects.toMatchObject({ kind: 'business', code: 1005, info: 'O1' });
    const proxy = wrapper(() => ({ status: 503, body: '<html>Service Unavailable</html>' }));
    await expect(proxy.request({ url: '/x' })).rejects.toMatchObject({
      kind: 'empty',
      message: '请求失败，稍后再试哦~',
      statusCode: 503,
    });
  });
});
