import { errorMessage } from '../../src/api/error-message';
import { ApiError } from '../../src/api/request';
import { MESSAGES } from '../../src/domain/errors';

describe('errorMessage: what a failed call tells the visitor', () => {
  test("the server's own message when it refused", () => {
    expect(errorMessage(new ApiError('库存不足', 'business', 1), '提交失败，请重试')).toBe('库存不足');
  });

  test("the request layer's §8 text when no answer came", () => {
    expect(errorMessage(new ApiError(MESSAGES.offline, 'offline'), '加载失败，请重试')).toBe(MESSAGES.offline);
  });

  test('the fallback for anything else, never a JavaScript message', () => {
    expect(errorMessage(new TypeError('x is undefined'), '加载失败，请重试')).toBe('加载失败，请重试');
    expect(errorMessage(undefined, '加载失败，请重试')).toBe('加载失败，请重试');
    expect(errorMessage(new ApiError('', 'empty'), '请求失败，稍后再试哦~')).toBe('请求失败，稍后再试哦~');
  });
});
