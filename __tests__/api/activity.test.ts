import { createActivityApi } from '../../src/api/activity';
import type { RequestOptions } from '../../src/api/request';

describe('activity api (§7 Activities): paths, methods and services', () => {
  const calls: RequestOptions[] = [];
  const request = jest.fn(async (o: RequestOptions) => {
    calls.push(o);
    return {} as never;
  });
  const api = createActivityApi(request as never);

  beforeEach(() => {
    calls.length = 0;
  });

  test.each<[string, () => Promise<unknown>, Partial<RequestOptions>]>([
    ['details', () => api.details('A 1'), { url: '/front/v1/activity/details', method: 'GET', data: { actSn: 'A 1' } }],
    [
      'spec-attrs',
      () => api.specAttrs('A1'),
      { url: '/front/v1/activity/spec-attrs', method: 'GET', data: { actSn: 'A1' } },
    ],
    [
      'hot-recommend',
      () => api.hotRecommend('A1'),
      { url: '/front/v1/activity/hot-recommend', method: 'GET', data: { actSn: 'A1' } },
    ],
    ['share', () => api.share('A1'), { url: '/front/v1/activity/share', method: 'GET', data: { actSn: 'A1' } }],
    [
      'comment list',
      () => api.comments('A1', 2),
      { url: '/front/v1/activity/comment/list', method: 'GET', data: { actSn: 'A1', page: 2, perSize: 10 } },
    ],
    [
      'comment publish',
      () => api.publishComment({ actSn: 'A1', score: 5, content: '好' }),
      { url: '/front/v1/activity/comment/publish', data: { actSn: 'A1', score: 5, content: '好', images: [] } },
    ],
    [
      'product introduce',
      () => api.introduce('A/1'),
      { url: '/front/v1/activity/product/introduce/A%2F1', method: 'GET' },
    ],
    [
      'JS-SDK signature on the user service',
      () => api.jsSign('course', 'https://shop.example/?a=1'),
      {
        url: '/js/getJSSign',
        method: 'GET',
        service: 'user',
        data: { projectSn: 'course', url: 'https://shop.example/?a=1' },
      },
    ],
  ])('%s', async (_name, call, expected) => {
    await call();
    expect(calls[0]).toMatchObject(expected);
    // Publishing is the only POST (the wrapper's default).
    if (expected.method === undefined) expect(calls[0].method).toBeUndefined();
  });
});
