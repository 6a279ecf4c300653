import { preloadPage } from '../../src/platform/preload-page';

type Win = { __taroAppConfig?: unknown };

describe("a shared link's page loads beside the entrance", () => {
  afterEach(() => delete (window as unknown as Win).__taroAppConfig);

  test("the route's own load is called, so its chunks are on their way before the router shows the page", () => {
    const load = jest.fn(() => [Promise.resolve({}), undefined, undefined]);
    const other = jest.fn();
    (window as unknown as Win).__taroAppConfig = {
      routes: [
        { path: 'pages/index/index', load: other },
        { path: 'pages/activity/activityDetail', load },
      ],
    };
    preloadPage('pages/activity/activityDetail');
    expect(load).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  test("without Taro's routes, an unknown page, or a load that fails, nothing happens and nothing throws", async () => {
    expect(() => preloadPage('pages/activity/activityDetail')).not.toThrow();
    const failing = jest.fn(() => [Promise.reject(new Error('chunk failed')), undefined, undefined]);
    const throwing = jest.fn(() => {
      throw new Error('no');
    });
    (window as unknown as Win).__taroAppConfig = {
      routes: [
        { path: 'a', load: failing },
        { path: 'b', load: throwing },
      ],
    };
    expect(() => preloadPage('a')).not.toThrow();
    expect(() => preloadPage('b')).not.toThrow();
    expect(() => preloadPage('c')).not.toThrow();
    // The rejected chunk is left to the router (no unhandled rejection here).
    await new Promise((r) => setTimeout(r, 0));
  });
});
