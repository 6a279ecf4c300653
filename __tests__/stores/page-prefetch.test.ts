import type { PageInfo } from '@contract/pages';
import type { Api } from '../../src/api';
import { PREFETCH_TTL_MS, PagePrefetch } from '../../src/stores/page-prefetch';

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
