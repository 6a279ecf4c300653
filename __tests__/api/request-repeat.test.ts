/** §7: GET /front/traffic/link/{id} (user service) has no repeat restriction; every other call keeps it. */
import { createRequest, type RequestDeps, type TransportRequest } from '../../src/api/request';
import { createServiceApi } from '../../src/api/service';

function setup() {
  const calls: TransportRequest[] = [];
  let n = 0;
  const deps: RequestDeps = {
    transport: async (req) => {
      calls.push(req);
      n += 1;
      return { statusCode: 200, data: { state: true, message: 'ok', info: { n } } };
    },
    bases: { main: 'https://api.test', user: 'https://user.test', auth: 'https://auth.test' },
    signKey: 'k',
    getToken: () => 'tok-1',
    now: () => 1_700_000_000_000,
    isOnline: async () => true,
    onSessionExpired: () => undefined,
    loading: { show: jest.fn(), hide: jest.fn() },
  };
  return { request: createRequest(deps), calls };
}

test('a repeat call is sent every time, even within the 600 ms window', async () => {
  const { request, calls } = setup();
  const a = await request({ url: '/x', method: 'GET', repeat: true });
  const b = await request({ url: '/x', method: 'GET', repeat: true });
  expect(calls).toHaveLength(2);
  expect([a, b]).toEqual([{ n: 1 }, { n: 2 }]);
  // Without the option the same pair is one call.
  await request({ url: '/y', method: 'GET' });
  await request({ url: '/y', method: 'GET' });
  expect(calls).toHaveLength(3);
});

test('the traffic link is asked of the user service each time it is opened', async () => {
  const { request, calls } = setup();
  const api = createServiceApi(request);
  await Promise.all([api.trafficLink('t-1'), api.trafficLink('t-1')]);
  expect(calls).toHaveLength(2);
  for (const c of calls) {
    expect(c.method).toBe('GET');
    expect(c.url.startsWith('https://user.test/front/traffic/link/t-1?')).toBe(true);
  }
  // Its neighbours in the same module keep the window.
  await Promise.all([api.info(), api.info()]);
  expect(calls).toHaveLength(3);
});
