/**
 * The H5 share action (§1, §8, §9): the share link is copied and 复制成功 shows 402 ms later, after the platform's own
 * toast.
 */
import Taro from '@tarojs/taro';
import {
  SHARE_COPY_TIP_DELAY_MS,
  copyShareLink,
  shareLinkOf,
  type CopyLinkDeps,
} from '../../src/platform/share/copy-link';

function fakeDeps(copyFails = false) {
  const log: string[] = [];
  const deps: CopyLinkDeps = {
    copy: jest.fn(async (text: string) => {
      log.push(`copy ${text}`);
      if (copyFails) throw new Error('execCommand unsupported');
    }),
    tip: jest.fn((text: string) => void log.push(`tip ${text}`)),
    wait: jest.fn(async (ms: number) => void log.push(`wait ${ms}`)),
    showLink: jest.fn((link: string) => void log.push(`show ${link}`)),
  };
  return { deps, log };
}

test("the delay is the spec's 402 ms", () => {
  expect(SHARE_COPY_TIP_DELAY_MS).toBe(402);
});

test('copies, waits 402 ms, then says 复制成功', async () => {
  const { deps, log } = fakeDeps();
  await expect(copyShareLink('https://shop.example/#/pages/activity/activityDetail?actSn=a1', deps)).resolves.toBe(
    true,
  );
  expect(log).toEqual([
    'copy https://shop.example/#/pages/activity/activityDetail?actSn=a1',
    'wait 402',
    'tip 复制成功',
  ]);
});

test('a browser that refuses to copy shows the link instead of a false 复制成功', async () => {
  const { deps, log } = fakeDeps(true);
  await expect(copyShareLink('https://shop.example/x', deps)).resolves.toBe(false);
  expect(log).toEqual(['copy https://shop.example/x', 'show https://shop.example/x']);
  expect(deps.tip).not.toHaveBeenCalled();
});

test('the real delay is a timer of 402 ms (Taro faked)', async () => {
  jest.useFakeTimers();
  const setClip = jest
    .spyOn(Taro, 'setClipboardData')
    .mockImplementation(async () => ({ errMsg: 'setClipboardData:ok' }) as never);
  const showToast = jest.spyOn(Taro, 'showToast').mockImplementation(async () => ({ errMsg: 'showToast:ok' }) as never);
  try {
    const done = copyShareLink('https://shop.example/y');
    await Promise.resolve();
    await Promise.resolve();
    expect(setClip).toHaveBeenCalledWith({ data: 'https://shop.example/y' });
    jest.advanceTimersByTime(401);
    await Promise.resolve();
    expect(showToast).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    await done;
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '复制成功' }));
  } finally {
    setClip.mockRestore();
    showToast.mockRestore();
    jest.useRealTimers();
  }
});

describe('shareLinkOf', () => {
  const base = {
    route: 'pages/activity/activityDetail',
    params: { actSn: 'demo-activity-02', $taroTimestamp: '1' },
    projectSn: 'demo',
  };
  const home = { route: 'pages/index/index', params: { $taroTimestamp: '1' }, projectSn: 'demo' };
  test.each([
    [
      "a detail: the item's public address, which the server draws the item's first screen for",
      'https://shop.example/?from=x#/pages/index/index',
      { ...base, info: null },
      'https://shop.example/item/demo-activity-02?projectSn=demo',
    ],
    [
      'with the promoter code',
      'https://shop.example/#/',
      { ...base, promoterCode: 'P0DE000001A', info: null },
      'https://shop.example/item/demo-activity-02?projectSn=demo&promoterCode=P0DE000001A',
    ],
    [
      'a course detail too, opened from an item address',
      'https://shop.example/item/demo-activity-02?projectSn=demo#/pages/activity/courseDetail?actSn=demo-course-01',
      { ...base, route: '/pages/activity/courseDetail', params: { actSn: 'demo-course-01' }, info: null },
      'https://shop.example/item/demo-course-01?projectSn=demo',
    ],
    [
      "on the share reply's origin when its link is absolute (the server's public address)",
      'http://10.0.0.2:3000/#/',
      {
        ...base,
        promoterCode: 'P0DE000001A',
        info: { title: 't', content: '', image: '', link: 'https://shop.example/item/demo-activity-02?projectSn=demo' },
      },
      'https://shop.example/item/demo-activity-02?projectSn=demo&promoterCode=P0DE000001A',
    ],
    [
      'a relative reply link is not a link',
      'https://shop.example/#/',
      { ...base, info: { title: 't', content: '', image: '', link: '/a' } },
      'https://shop.example/item/demo-activity-02?projectSn=demo',
    ],
    [
      'a detail without an item the address can carry: its hash route',
      'https://shop.example/#/',
      { ...base, params: { actSn: 'a b' }, info: null },
      'https://shop.example/#/pages/activity/activityDetail?actSn=a%20b&projectSn=demo',
    ],
    [
      'another page: its hash route after the address without its hash',
      'https://shop.example/?from=x#/pages/activity/activityDetail?actSn=1',
      { ...home, promoterCode: 'P0DE000001A', info: null },
      'https://shop.example/?from=x#/pages/index/index?projectSn=demo&promoterCode=P0DE000001A',
    ],
    [
      "another page opened from an item's address: not after that address (it would draw the item first)",
      'https://shop.example/item/demo-activity-02?projectSn=demo#/pages/index/index',
      { ...home, info: null },
      'https://shop.example/#/pages/index/index?projectSn=demo',
    ],
    [
      "another page's absolute reply link, with the promoter code added to its hash route",
      'https://shop.example/#/',
      {
        ...home,
        promoterCode: 'P0DE000001A',
        info: { title: 't', content: '', image: '', link: 'https://other.example/#/pages/index/index?x=1' },
      },
      'https://other.example/#/pages/index/index?x=1&promoterCode=P0DE000001A',
    ],
  ])('%s', (_name, href, options, expected) => {
    expect(shareLinkOf(href, options)).toBe(expected);
  });
});
