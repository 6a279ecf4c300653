/** §8/§9: a page chunk that fails or passes 120 s becomes the error page's load error with a retry. */
import Taro from '@tarojs/taro';
import { CHUNK_LOAD_TIMEOUT_MS, isChunkLoadError } from '../../src/domain/chunk-error';
import { watchChunkErrors } from '../../src/platform/chunk-error';

test("the timeout is §9's", () => expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000));

test.each([
  [
    Object.assign(new Error('Loading chunk 12 failed.\n(timeout: http://x/js/12.js)'), { name: 'ChunkLoadError' }),
    true,
  ],
  [new Error('Loading chunk subpackages-user-feedback failed.'), true],
  [new Error('Loading CSS chunk 7 failed.'), true],
  [new Error('请求失败，稍后再试哦~'), false],
  ['Loading chunk 1 failed', false],
  [null, false],
])('%#: %p is a chunk load error: %p', (reason, expected) => expect(isChunkLoadError(reason)).toBe(expected));

test('an unhandled chunk failure relaunches the error page with the wanted path; other rejections are left alone', () => {
  const relaunch = jest.spyOn(Taro, 'reLaunch').mockImplementation(async () => ({ errMsg: 'reLaunch:ok' }));
  window.location.hash = '#/subpackages/user/feedback/feedback';
  watchChunkErrors();
  const fire = (reason: unknown) => {
    const event = new Event('unhandledrejection', { cancelable: true }) as Event & { reason?: unknown };
    event.reason = reason;
    window.dispatchEvent(event);
    return event;
  };
  fire(new Error('other'));
  expect(relaunch).not.toHaveBeenCalled();
  const event = fire(Object.assign(new Error('Loading chunk 3 failed.'), { name: 'ChunkLoadError' }));
  expect(event.defaultPrevented).toBe(true);
  expect(relaunch).toHaveBeenCalledWith({
    url: `/pages/error/error?reason=chunkLoad&path=${encodeURIComponent('/subpackages/user/feedback/feedback')}`,
  });
  relaunch.mockRestore();
});
