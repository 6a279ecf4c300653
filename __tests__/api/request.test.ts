import { computeSign, signaturePath } from '../../contract/signature';
import {
  ApiError,
  createRequest,
  DEDUPE_WINDOW_MS,
  REQUEST_TIMEOUT_MS,
  TOKEN_HEADER,
  type RequestDeps,
  type TransportRequest,
  type TransportResponse,
} from '../../src/api/request';

function setup(
  reply: (req: TransportRequest) => Promise<TransportResponse> | TransportResponse,
  overrides: Partial<RequestDeps> = {},
) {
  const calls: TransportRequest[] = [];
  const expired: string[] = [];
  const loading = { show: jest.fn(), hide: jest.fn() };
  const deps: RequestDeps = {
    transport: async (req) => {
      calls.push(req);
      return reply(req);
    },
    bases: { main: 'https://api.test', user: 'https://user.test', auth: 'https://auth.test' },
    signKey: 'k',
    getToken: () => 'tok-1',
    now: () => 1_700_000_000_000,
    random: () => 0.5,
    isOnline: async () => true,
    onSessionExpired: (m) => expired.push(m),
    loading,
    ...overrides,
  };
  return { request: createRequest(deps), calls, expired, loading };
}
const ok = (info: unknown) => ({ statusCode: 200, data: { state: true, message: 'ok', info } });

describe('request wrapper (§7)', () => {
  test('POST and JSON by default, to the service base, with a 60 s timeout', async () => {
    const { request, calls } = setup(() => ok({ a: 1 }));
    await expect(request({ url: '/front/v1/x', data: { b: 2 } })).resolves.toEqual({ a: 1 });
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url).toBe('https://api.test/front/v1/x');
    expect(calls[0].header['content-type']).toBe('application/json');
    expect(calls[0].timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(60000);
    await request({ url: '/api/user/phone/login', method: 'GET', service: 'auth', data: { phone: '13800138000' } });
    expect(calls[1]).toMatchObject({ method: 'GET', data: {} });
    expect(calls[1].url).toMatch(/^https:\/\/auth\.test\/api\/user\/phone\/login\?/);
    expect(calls[1].url).toContain('phone=13800138000');
    expect(calls[1].url).toContain('sign=');
  });

  test('adds the token to the payload and signs timestamp + 8-character nonce', async () => {
    const { request, calls } = setup(() => ok(null));
    await request({ url: '/x', data: { phone: '13800138000' } });
    const sent = calls[0].data;
    expect(sent.token).toBe('tok-1');
    expect(sent.timestamp).toBe(1_700_000_000_000);
    expect(String(sent.nonceStr)).toHaveLength(8);
    const { sign, ...rest } = sent;
    expect(sign).toBe(computeSign({ method: 'POST', path: '/x' }, rest, 'k'));
    expect(sign).toMatch(/^[0-9a-f]{64}$/);
  });

  test('the signature binds the method and the path', async () => {
    const { request, calls } = setup(() => ok(null));
    await request({ url: '/front/v1/a', data: { n: 1 } });
    const { sign, ...rest } = calls[0].data;
    expect(sign).not.toBe(computeSign({ method: 'POST', path: '/front/v1/b' }, rest, 'k'));
    expect(sign).not.toBe(computeSign({ method: 'GET', path: '/front/v1/a' }, rest, 'k'));
    expect(sign).toBe(computeSign({ method: 'POST', path: 'https://api.test/front/v1/a?x=1' }, rest, 'k'));
  });

  test('empty values are signed and sent, in the body and in the query', async () => {
    const { request, calls } = setup(() => ok(null));
    await request({ url: '/x', data: { remark: '', n: 0 } });
    expect(calls[0].data).toMatchObject({ remark: '', n: 0 });
    const { sign, ...rest } = calls[0].data;
    expect(sign).toBe(computeSign({ method: 'POST', path: '/x' }, rest, 'k'));
    expect(sign).not.toBe(computeSign({ method: 'POST', path: '/x' }, { ...rest, remark: undefined }, 'k'));

    await request({ url: '/y', method: 'GET', data: { keyword: '', page: 1 } });
    const query = Object.fromEntries(new URL(calls[1].url).searchParams);
    expect(query.keyword).toBe('');
    const { sign: querySign, ...signed } = query;
    expect(querySign).toBe(computeSign({ method: 'GET', path: '/y' }, signed, 'k'));
  });

  test('GET and DELETE carry the token in the X-Token header, never in the URL', async () => {
    const { request, calls } = setup(() => ok(null));
    await request({ url: '/front/v1/address/list', method: 'GET' });
    await request({ url: '/front/v1/address/a1', method: 'DELETE' });
    for (const call of calls) {
      expect(call.header[TOKEN_HEADER]).toBe('tok-1');
      expect(call.url).not.toContain('tok-1');
      expect(call.url).not.toContain('token=');
    }
    await request({ url: '/front/v1/address', data: { a: 1 } });
    expect(calls[2].data.token).toBe('tok-1');
    expect(calls[2].header[TOKEN_HEADER]).toBeUndefined();
  });

  test('signaturePath drops origin, query and fragment and decodes escapes', () => {
    expect(signaturePath('https://api.test/front/v1/%E8%AE%A2%E5%8D%95?x=1#h')).toBe('/front/v1/订单');
    expect(signaturePath('/front/v1/订单')).toBe('/front/v1/订单');
    expect(signaturePath('/bad/%E8')).toBe('/bad/%E8');
    // A plain path (the server's request.url) keeps everything before the query.
    expect(signaturePath('/front/v1/menu?timestamp=1&sign=ab')).toBe('/front/v1/menu');
    expect(signaturePath('/?a=1')).toBe('/');
    expect(signaturePath('/front/v1/x#frag?y')).toBe('/front/v1/x');
    expect(signaturePath('/front/v1/%E8%AE%A2?q=%20')).toBe('/front/v1/订');
    expect(signaturePath('')).toBe('/');
    expect(signaturePath('?a=1')).toBe('/');
  });

  test('no token means none is sent', async () => {
    const { request, calls } = setup(() => ok(null), { getToken: () => '' });
    await request({ url: '/x' });
    expect('token' in calls[0].data).toBe(false);
  });

  test('optional loading is shown and hidden, also on failure', async () => {
    const { request, loading } = setup(() => ({
      statusCode: 200,
      data: { state: false, message: '不行', info: null },
    }));
    await expect(request({ url: '/x', loading: '登录中...' })).rejects.toThrow('不行');
    expect(loading.show).toHaveBeenCalledWith('登录中...');
    expect(loading.hide).toHaveBeenCalledTimes(1);
    const quiet = setup(() => ok(1));
    await quiet.request({ url: '/x' });
    expect(quiet.loading.show).not.toHaveBeenCalled();
  });

  test('identical requests within 600 ms share one call; different ones do not', async () => {
    let resolve: (v: TransportResponse) => void = () => undefined;
    const { request, calls } = setup(() => new Promise((r) => (resolve = r)));
    const a = request({ url: '/x', data: { n: 1 } });
    const b = request({ url: '/x', data: { n: 1 } });
    const c = request({ url: '/x', data: { n: 2 } });
    expect(calls).toHaveLength(2);
    resolve(ok('one'));
    expect(a).toBe(b);
    expect(DEDUPE_WINDOW_MS).toBe(600);
    void c;
  });

  test('identical requests under two sessions are two calls: a login in between does not inherit the old reply', async () => {
    let token = 'visitor';
    const { request, calls } = setup(
      (req) =>
        req.header[TOKEN_HEADER] === 'visitor'
          ? { statusCode: 200, data: { state: false, code: 502, message: '登录已失效' } }
          : ok('mine'),
      {
        getToken: () => token,
      },
    );
    const before = request({ url: '/front/v1/user/cache', method: 'GET' });
    token = 'customer';
    const after = request({ url: '/front/v1/user/cache', method: 'GET' });
    expect(after).not.toBe(before);
    await expect(before).rejects.toThrow('登录已失效');
    await expect(after).resolves.toBe('mine');
    expect(calls.map((c) => c.header[TOKEN_HEADER])).toEqual(['visitor', 'customer']);
  });

  test('a write between two identical reads: the second read is sent again, so it sees the write', async () => {
    let state = 'APPLIED';
    const { request, calls } = setup((req) => {
      if (req.method === 'POST') state = 'CANCELLED';
      return ok(state);
    });
    const before = await request({ url: '/front/v1/after/sales/A1', method: 'GET' });
    await request({ url: '/front/v1/after/sales/refund/cancel/A1', data: {} });
    const after = await request({ url: '/front/v1/after/sales/A1', method: 'GET' });
    expect([before, after]).toEqual(['APPLIED', 'CANCELLED']);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'GET']);
    // Without a write in between, two reads still share one call (a double tap).
    const again = request({ url: '/front/v1/after/sales/A1', method: 'GET' });
    expect(request({ url: '/front/v1/after/sales/A1', method: 'GET' })).toBe(again);
  });

  test('after 600 ms an identical request calls again', async () => {
    jest.useFakeTimers({ now: 1000 });
    try {
      const { request, calls } = setup(() => ok(1));
      await request({ url: '/x' });
      jest.setSystemTime(1000 + DEDUPE_WINDOW_MS + 1);
      await request({ url: '/x' });
      expect(calls).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  test('envelope: state false rejects with the server message, code and info', async () => {
    const { request } = setup(() => ({
      statusCode: 200,
      data: { state: false, message: '已存在待支付订单，请完成付款!', code: 1005, info: { orderNo: 'O1' } },
    }));
    const err = await request({ url: '/x' }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      message: '已存在待支付订单，请完成付款!',
      code: 1005,
      info: { orderNo: 'O1' },
      kind: 'business',
    });
  });

  test.each([
    [
      'code 502 in the body',
      { statusCode: 401, data: { state: false, code: 502, message: '登录已失效，请重新登录' } },
      '登录已失效，请重新登录',
    ],
    ['HTTP status 502', { statusCode: 502, data: '' }, '登录已失效，请重新登录'],
  ])('%s clears the session and goes to the entrance', async (_name, response, message) => {
    const { request, expired } = setup(() => response as TransportResponse);
    const err = (await request({ url: '/x' }).catch((e) => e)) as ApiError;
    expect(err.kind).toBe('session');
    expect(expired).toEqual([message]);
  });

  test('a session refusal names the token the refused call carried, so a session replaced meanwhile is kept', async () => {
    const seen: [string, string][] = [];
    let token = 'tok-old';
    let answer: (r: TransportResponse) => void = () => undefined;
    const { request } = setup(() => new Promise<TransportResponse>((done) => (answer = done)), {
      getToken: () => token,
      onSessionExpired: (m: string, sent: string) => seen.push([m, sent]),
    });
    const call = request({ url: '/x' }).catch((e) => e);
    // A login replaces the session while the call is on its way; its refusal is about the old token.
    token = 'tok-new';
    answer({
      statusCode: 401,
      data: { state: false, code: 502, message: '登录已失效，请重新登录' },
    } as TransportResponse);
    expect(((await call) as ApiError).kind).toBe('session');
    expect(seen).toEqual([['登录已失效，请重新登录', 'tok-old']]);
  });

  test('empty response: the message or 请求失败，稍后再试哦~', async () => {
    const empty = setup(() => ({ statusCode: 500, data: '' }));
    await expect(empty.request({ url: '/x' })).rejects.toThrow('请求失败，稍后再试哦~');
    const flagged = setup(() => ({ statusCode: 500, data: { message: '服务器开小差了' } }));
    await expect(flagged.request({ url: '/x' })).rejects.toThrow('服务器开小差了');
  });

  test('offline: 当前网络不可用，请检查网络设置', async () => {
    const { request } = setup(() => Promise.reject({ errMsg: 'request:fail' }), { isOnline: async () => false });
    await expect(request({ url: '/x' })).rejects.toMatchObject({
      kind: 'offline',
      message: '当前网络不可用，请检查网络设置',
    });
  });

  test('a failure while online is the empty-response text; a time-out has its own', async () => {
    const down = setup(() => Promise.reject({ errMsg: 'request:fail' }));
    await expect(down.request({ url: '/x' })).rejects.toMatchObject({
      kind: 'empty',
      message: '请求失败，稍后再试哦~',
    });
    const slow = setup(() => Promise.reject({ errMsg: 'request:fail timeout' }));
    await expect(slow.request({ url: '/x' })).rejects.toMatchObject({ kind: 'timeout' });
  });
});

test('undefined and null parameters are left out before signing', async () => {
  const calls: TransportRequest[] = [];
  const request = createRequest({
    transport: async (req) => {
      calls.push(req);
      return { statusCode: 200, data: { state: true, message: '', info: null } };
    },
    bases: { main: '', user: '', auth: '' },
    signKey: 'k',
    getToken: () => '',
    now: () => 1,
    isOnline: async () => true,
    onSessionExpired: () => undefined,
    loading: { show: () => undefined, hide: () => undefined },
  });
  await request({ url: '/x', data: { a: undefined, b: null, c: 0, d: '' } });
  expect(Object.keys(calls[0].data).sort()).toEqual(['c', 'd', 'nonceStr', 'sign', 'timestamp']);
});
