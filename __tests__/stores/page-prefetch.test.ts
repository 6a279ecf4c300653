import type { PageInfo } from '@contract/pages';
import type { Api } from '../../src/api';
import {
  ENTRANCE_START_TTL_MS,
  EntranceStart,
  PREFETCH_TTL_MS,
  PagePrefetch,
  startEntranceCalls,
} from '../../src/stores/page-prefetch';

const page = (pageSn: string) => ({ pageSn, pageTitle: pageSn, modules: [] }) as unknown as PageInfo;

function setup() {
  const moduleInfo = jest.fn(async (sn: string) => page(sn));
  const api = { pages: { moduleInfo } } as unknown as Api;
  const state = { token: 'visitor-token', now: 1_000 };
  const prefetch = new PagePrefetch(
    api,
    () => state.token,
    () => state.now,
  );
  return { moduleInfo, state, prefetch };
}

describe('first home tab page prefetch', () => {
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

describe('a shared item asked for by the entrance', () => {
  function itemSetup() {
    const details = jest.fn(async (actSn: string) => ({ actSn, actName: actSn }));
    const specAttrs = jest.fn(async () => ({ attrs: [{ name: '适合年龄', value: '6-12岁' }] }));
    const moduleInfo = jest.fn(async (sn: string) => page(sn));
    const api = { activity: { details, specAttrs }, pages: { moduleInfo } } as unknown as Api;
    const state = { token: 'visitor-token', now: 1_000 };
    return {
      details,
      specAttrs,
      moduleInfo,
      state,
      prefetch: new PagePrefetch(
        api,
        () => state.token,
        () => state.now,
      ),
    };
  }

  test('an activity or course detail redirect asks for its item and attributes, handed to that item once', async () => {
    const { details, specAttrs, prefetch } = itemSetup();
    prefetch.prefetchTarget('/pages/activity/activityDetail?actSn=A1&projectSn=demo');
    expect(details).toHaveBeenCalledWith('A1');
    expect(specAttrs).toHaveBeenCalledWith('A1');
    // A page of the same name is another key.
    expect(prefetch.take('A1')).toBeNull();
    prefetch.prefetchTarget('/pages/activity/courseDetail?actSn=C1');
    await expect(prefetch.takeItem('C1')).resolves.toEqual({
      detail: { actSn: 'C1', actName: 'C1' },
      attrs: [{ name: '适合年龄', value: '6-12岁' }],
    });
    expect(prefetch.takeItem('C1')).toBeNull();
  });

  test('other redirects, an item without actSn, another item or another session get nothing', async () => {
    const { details, moduleInfo, state, prefetch } = itemSetup();
    prefetch.prefetchTarget('/pages/order/orderList?status=1');
    prefetch.prefetchTarget('/pages/activity/activityDetail');
    prefetch.prefetchTarget('/pages/activity/activityDetail?projectSn=demo');
    expect(details).not.toHaveBeenCalled();
    expect(moduleInfo).not.toHaveBeenCalled();

    prefetch.prefetchItem('A1');
    expect(prefetch.takeItem('A2')).toBeNull();
    prefetch.prefetchItem('A1');
    state.token = 'user-token';
    expect(prefetch.takeItem('A1')).toBeNull();
  });

  test('the item asked for twice while on its way is asked for once; failed attributes are shown without', async () => {
    const { details, specAttrs, state, prefetch } = itemSetup();
    specAttrs.mockRejectedValueOnce(new Error('offline'));
    prefetch.prefetchItem('A1');
    prefetch.prefetchItem('A1');
    expect(details).toHaveBeenCalledTimes(1);
    await expect(prefetch.takeItem('A1')).resolves.toEqual({ detail: { actSn: 'A1', actName: 'A1' }, attrs: null });
    // Once stale, asked for afresh.
    prefetch.prefetchItem('A1');
    state.now += PREFETCH_TTL_MS + 1;
    prefetch.prefetchItem('A1');
    expect(details).toHaveBeenCalledTimes(3);
  });

  test('a failed item is handed out as null: the detail page calls for itself and shows its error', async () => {
    const { details, prefetch } = itemSetup();
    details.mockRejectedValueOnce(new Error('活动不存在'));
    prefetch.prefetchItem('A1');
    await expect(prefetch.takeItem('A1')).resolves.toBeNull();
  });
});

describe('entrance calls started as the app starts', () => {
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

  test("a shared link's item is asked for once entered, beside the §6 call and the menu; never before a platform login", async () => {
    const prefetch = { prefetchTarget: jest.fn() };
    const redirect = '/pages/activity/activityDetail?actSn=A1';
    const calls = startEntranceCalls(session(), 'demo', false, { redirect, prefetch });
    expect(prefetch.prefetchTarget).not.toHaveBeenCalled();
    await calls.entered;
    await Promise.resolve();
    expect(prefetch.prefetchTarget).toHaveBeenCalledWith(redirect);

    const silent = { prefetchTarget: jest.fn() };
    await startEntranceCalls(session(), 'demo', true, { redirect, prefetch: silent }).entered;
    const none = { prefetchTarget: jest.fn() };
    await startEntranceCalls(session(), 'demo', false, { redirect: '', prefetch: none }).entered;
    const failing = session();
    failing.failEnter();
    const failed = { prefetchTarget: jest.fn() };
    await expect(startEntranceCalls(failing, 'demo', false, { redirect, prefetch: failed }).entered).rejects.toThrow(
      '入口失败',
    );
    await Promise.resolve();
    expect(silent.prefetchTarget).not.toHaveBeenCalled();
    expect(none.prefetchTarget).not.toHaveBeenCalled();
    expect(failed.prefetchTarget).not.toHaveBeenCalled();
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
