import type { PageInfo } from '@contract/pages';
import type { Api } from '../../src/api';
import { ENTRANCE_START_TTL_MS, EntranceStart, PREFETCH_TTL_MS, PagePrefetch, startEntranceCalls } from '../../src/stores/page-prefetch';

const page = (pageSn: string) => ({ pageSn, pageTitle: pageSn, modules: [] }) as unknown as PageInfo;

function setup() {
  const moduleInfo = jest.fn(async (sn: string) => page(sn));
  const api = { pages: { moduleInfo } } as unknown as Api;
  const state = { token: 'visitor-token', now: 1_000 };
  const prefetch = new PagePrefetch(api, () => state.token, () => state.now);
  return { moduleInfo, state, prefetch };
}

describe('first home tab page prefetch (issue 17)', () => {
  test('the page asked for early is handed to the home tab once, then the tab calls for itself', async () => {
    const { moduleInfo, prefetch } = setup();
    prefetch.prefetch('home-1');
    expect(moduleInfo).toHaveBeenCalledWith('home-1');
    await expect(prefetch.take('home-1')).resolves.toEqual(page('home-1'));
    expect(prefetch.take('home-1')).toBeNull();
    expect(moduleInfo).toHaveBeenCalledTimes(1);
  });

  test('another page, another session or an old entry is never handed out', async () => {
    const { state, prefetch } = setup();
    prefetch.prefetch('home-1');
    expect(prefetch.take('home-2')).toBeNull();
    // A take that misses also drops the entry: the next visit calls again.
    expect(prefetch.take('home-1')).toBeNull();

    prefetch.prefetch('home-1');
    state.token = 'user-token';
    expect(prefetch.take('home-1')).toBeNull();

    state.token = 'visitor-token';
    prefetch.prefetch('home-1');
    state.now += PREFETCH_TTL_MS + 1;
    expect(prefetch.take('home-1')).toBeNull();
  });

  test('a failed call is handed out as null, so the home tab makes its own call', async () => {
    const { moduleInfo, prefetch } = setup();
    moduleInfo.mockRejectedValueOnce(new Error('offline'));
    prefetch.prefetch('home-1');
    await expect(prefetch.take('home-1')).resolves.toBeNull();
  });

  test('nothing is asked for without a page or a session', () => {
    const { moduleInfo, state, prefetch } = setup();
    prefetch.prefetch('');
    state.token = '';
    prefetch.prefetch('home-1');
    expect(moduleInfo).not.toHaveBeenCalled();
    expect(prefetch.take('home-1')).toBeNull();
  });
});

describe('entrance calls started as the app starts (issue 17)', () => {
  function session() {
    const order: string[] = [];
    let enterFails = false;
    const s = {
      order,
      failEnter: () => (enterFails = true),
      enter: jest.fn(async (sn: string) => {
        order.push(`enter ${sn}`);
        if (enterFails) throw new Error('入口失败');
        return { token: 't' } as never;
      }),
      loadAuth: jest.fn(async () => {
        order.push('auth');
        return { needAuthUser: false, needAuthPhone: true };
      }),
      loadMenu: jest.fn(async () => {
        order.push('menu');
        return [];
      }),
    };
    return s;
  }

  test('auth and, in a plain browser, the menu follow the entrance; with a platform login the menu waits', async () => {
    const plain = session();
    const calls = startEntranceCalls(plain, 'demo', false);
    await calls.entered;
    await calls.auth;
    await calls.menu;
    expect(plain.order).toEqual(['enter demo', 'auth', 'menu']);

    const wechat = session();
    const silent = startEntranceCalls(wechat, 'demo', true);
    await silent.auth;
    expect(silent.menu).toBeNull();
    expect(wechat.loadMenu).not.toHaveBeenCalled();
  });

  test('a failed entrance rejects entered and the menu, and asks nothing after it', async () => {
    const s = session();
    s.failEnter();
    const calls = startEntranceCalls(s, 'demo', false);
    await expect(calls.entered).rejects.toThrow('入口失败');
    await expect(calls.menu).rejects.toThrow('入口失败');
    await expect(calls.auth).resolves.toBeUndefined();
    expect(s.loadAuth).not.toHaveBeenCalled();
  });

  test('the entrance page takes the started calls once, for the same project and while fresh', async () => {
    const clock = { now: 0 };
    const start = new EntranceStart(() => clock.now);
    const calls = startEntranceCalls(session(), 'demo', false);
    start.start(calls);
    await expect(start.take('demo')).resolves.toBe(calls);
    await expect(start.take('demo')).resolves.toBeNull();

    start.start(startEntranceCalls(session(), 'demo', false));
    clock.now += ENTRANCE_START_TTL_MS + 1;
    await expect(start.take('demo')).resolves.toBeNull();
  });

  test('another project is not handed the started calls, only after they settled (they write the session)', async () => {
    const start = new EntranceStart();
    let answer: () => void = () => undefined;
    const s = session();
    s.enter.mockImplementationOnce(() => new Promise((r) => (answer = () => r({ token: 't' } as never))));
    start.start(startEntranceCalls(s, 'demo', false));
    let taken: unknown = 'pending';
    const take = start.take('other').then((v) => (taken = v));
    await Promise.resolve();
    expect(taken).toBe('pending');
    answer();
    await take;
    expect(taken).toBeNull();
    expect(s.order).toEqual(['auth', 'menu']);
  });
});
