/**
 * What a customer sees before and around the catalogue's content: the detail's main picture,
 * its loading state, the refund marks, the more-list title.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import Taro from '@tarojs/taro';
import { all, openAt, resetServer, route, signIn, text, waitFor } from './harness';
import { card, courseDetail } from './fixtures';

beforeEach(() => {
  resetServer();
  signIn('13800138000');
});

/** A reply that waits until the test lets it go, to look at the page meanwhile. */
function held<T>(info: T) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((r) => (release = r));
  return { handler: async () => (await gate, { info }), release: () => release() };
}

function extras(actSn: string) {
  route('GET', '/front/v1/activity/spec-attrs', () => ({ info: { attrs: [] } }));
  route('GET', '/front/v1/activity/hot-recommend', () => ({ info: { list: [] } }));
  route('GET', '/front/v1/activity/share', () => ({
    info: { title: 't', content: 'c', image: '/static/c1.png', link: '' },
  }));
  route('GET', `/front/v1/activity/product/introduce/${actSn}`, () => ({ info: { content: '<p>课程介绍正文</p>' } }));
}

describe('detail pictures', () => {
  test('one picture sits in the sized gallery frame (no element is both frame and picture)', async () => {
    route('GET', '/front/v1/activity/details', () => ({
      info: courseDetail({ actSn: 'IMG1', cover: '/static/c1.png', images: ['/static/c1.png'] }),
    }));
    extras('IMG1');
    await openAt('/pages/activity/courseDetail?actSn=IMG1');
    await waitFor(() => expect(all('.sf-act__picture').length).toBe(1));
    expect(all('.sf-act__gallery.sf-act__picture').length).toBe(0);
    const picture = all('.sf-act__picture')[0];
    expect(picture.parentElement?.classList.contains('sf-act__gallery')).toBe(true);
  });

  test('several pictures make a swiper of framed pictures', async () => {
    route('GET', '/front/v1/activity/details', () => ({
      info: courseDetail({ actSn: 'IMG2', cover: '/static/c1.png', images: ['/static/c1.png', '/static/c2.png'] }),
    }));
    extras('IMG2');
    await openAt('/pages/activity/courseDetail?actSn=IMG2');
    await waitFor(() => expect(all('.sf-act__picture').length).toBe(2));
    expect(all('.sf-act__gallery.sf-act__picture').length).toBe(0);
  });
});

describe('detail loading', () => {
  test('a skeleton shows until the item arrives, and the introduction never flashes 内容为空', async () => {
    const detail = held(courseDetail({ actSn: 'SK1' }));
    route('GET', '/front/v1/activity/details', detail.handler);
    extras('SK1');
    const intro = held({ content: '<p>课程介绍正文</p>' });
    route('GET', '/front/v1/activity/product/introduce/SK1', intro.handler);
    await openAt('/pages/activity/activityDetail?actSn=SK1');
    await waitFor(() => expect(all('#act-skeleton').length).toBe(1));
    expect(all('.sf-empty').length).toBe(0);
    expect(text('.sf-act')).not.toContain('内容为空');

    detail.release();
    await waitFor(() => expect(text('.sf-act__name')).toBe('成人高考专升本全程班'));
    expect(all('#act-skeleton').length).toBe(0);
    // The item is here, its introduction not yet: grey lines, not 内容为空.
    expect(all('#act-introduce .sf-act__skeleton-line').length).toBeGreaterThan(0);
    expect(text('#act-introduce')).not.toContain('内容为空');

    intro.release();
    await waitFor(() => expect(text('#act-introduce')).toContain('课程介绍正文'));
    expect(all('#act-introduce .sf-act__skeleton-line').length).toBe(0);
  });

  test('an introduction that is really empty says 内容为空 once it has arrived', async () => {
    route('GET', '/front/v1/activity/details', () => ({ info: courseDetail({ actSn: 'SK2' }) }));
    extras('SK2');
    route('GET', '/front/v1/activity/product/introduce/SK2', () => ({ info: { content: '' } }));
    await openAt('/pages/activity/activityDetail?actSn=SK2');
    await waitFor(() => expect(text('#act-introduce .sf-rich--empty')).toBe('内容为空'));
  });
});

describe('refund tags', () => {
  test('a restriction is not ticked', async () => {
    route('GET', '/front/v1/activity/details', () => ({
      info: courseDetail({ actSn: 'RF1', refundTags: [1, 2, 6], holdTypes: [] }),
    }));
    extras('RF1');
    await openAt('/pages/activity/courseDetail?actSn=RF1');
    await waitFor(() => expect(all('#act-promises .sf-act__promise').length).toBe(3));
    const marks = all('#act-promises .sf-act__promise').map((p) => [
      p.querySelector('.sf-act__mark')?.textContent,
      (p.textContent || '').replace(/^[✓✕]/, ''),
    ]);
    expect(marks).toEqual([
      ['✓', '支持申请退款'],
      ['✕', '不支持退款'],
      ['✕', '激活后不支持退款'],
    ]);
    expect(all('#act-promises .sf-act__promise.is-negative').length).toBe(2);
  });
});

describe('more-activity title', () => {
  test('a column’s list is titled by the column', async () => {
    const title = jest.spyOn(Taro, 'setNavigationBarTitle');
    route('POST', '/front/v1/customerPage/column/more-level/list', () => ({
      info: { list: [card('M1')], total: 1, page: 1, perSize: 10, columnTitle: '精品课程' },
    }));
    await openAt('/subpackages/activity/moreActivity/moreActivity?targetSn=demo-col-course');
    await waitFor(() => expect(title).toHaveBeenCalledWith({ title: '精品课程' }));
    expect(title).not.toHaveBeenCalledWith({ title: '更多活动' });
    title.mockRestore();
  });

  test('nothing says 暂无数据 before the list has answered; an empty column then does', async () => {
    const list = held({ list: [], total: 0, page: 1, perSize: 10, columnTitle: '空栏目' });
    route('POST', '/front/v1/customerPage/column/more-level/list', list.handler);
    await openAt('/subpackages/activity/moreActivity/moreActivity?targetSn=demo-col-empty');
    // A loading state, not an answer.
    await waitFor(() => expect(all('.sf-home__loading').length).toBeGreaterThan(0));
    expect(all('.sf-empty').length).toBe(0);
    list.release();
    await waitFor(() => expect(text('.sf-empty__text')).toBe('暂无数据'));
    expect(all('.sf-home__loading').length).toBe(0);
  });
});
