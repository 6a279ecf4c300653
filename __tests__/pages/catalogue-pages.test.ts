jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import Taro from '@tarojs/taro';
import {
  all,
  currentPage,
  openAt,
  passDuplicateWindow,
  requests,
  route,
  tap,
  text,
  typeKeys,
  waitFor,
} from './harness';
import { asCustomer } from './customer';
import { card, comment, courseDetail } from './fixtures';

const customer = asCustomer();
const { toasted } = customer;

describe('getCommentList: all reviews', () => {
  test('pages through the reviews as the list reaches the bottom, with pictures', async () => {
    route('GET', '/front/v1/activity/details', () => ({ info: courseDetail({ actSn: 'R1' }) }));
    route('GET', '/front/v1/activity/comment/list', (q) => {
      const page = Number(q.page);
      const list =
        page === 1
          ? Array.from({ length: 10 }, (_, i) =>
              comment(i + 1, i === 0 ? { images: ['/static/r1.png', '/static/r2.png'] } : {}),
            )
          : [comment(11), comment(12)];
      return { info: { list, total: 12, page, perSize: 10 } };
    });
    await openAt('/subpackages/activity/getCommentList/getCommentList?actSn=R1');
    await waitFor(() => expect(all('.sf-comment').length).toBe(10));
    expect(text('.sf-reviews__summary')).toBe('共12条评价 · 好评率96%');
    expect(all('.sf-comment')[0].querySelectorAll('.sf-comment__image')).toHaveLength(2);
    expect(all('#review-form').length).toBe(0);
    await currentPage().onReachBottom();
    await waitFor(() => expect(all('.sf-comment').length).toBe(12));
    expect(text('.sf-more__end')).toBe('没有更多了');
    expect(requests.filter((r) => r.path === '/front/v1/activity/comment/list').map((r) => r.data.page)).toEqual([
      '1',
      '2',
    ]);
  });

  test('publishing: score and text are checked, a refusal keeps the text, success reloads the list', async () => {
    let allowed = true;
    let published = false;
    route('GET', '/front/v1/activity/details', () => ({ info: courseDetail({ actSn: 'R2', canComment: allowed }) }));
    route('GET', '/front/v1/activity/comment/list', () => ({
      info: {
        list: published ? [comment(99, { content: '老师讲得很清楚' })] : [],
        total: published ? 1 : 0,
        page: 1,
        perSize: 10,
      },
    }));
    let refuse = true;
    route('POST', '/front/v1/activity/comment/publish', (body) => {
      if (refuse) return { error: '评价内容包含敏感词' };
      expect(body).toMatchObject({ actSn: 'R2', score: 4, content: '老师讲得很清楚' });
      published = true;
      allowed = false;
      return { info: { commentId: 'CM99' } };
    });
    await openAt('/subpackages/activity/getCommentList/getCommentList?actSn=R2');
    await waitFor(() => expect(all('#review-form').length).toBe(1));
    expect(text('.sf-empty__text')).toBe('暂无数据');

    tap(all('#review-send')[0]);
    toasted('请选择评分');
    tap(all('.sf-reviews__star')[3]);
    await waitFor(() => expect(all('.sf-reviews__star.is-on').length).toBe(4));
    tap(all('#review-send')[0]);
    toasted('请输入评价内容');

    await typeKeys('#review-content', '老师讲得很清楚');
    await waitFor(() => expect(text('.sf-reviews__counter')).toBe('7/500'));
    tap(all('#review-send')[0]);
    await customer.seesToast('评价内容包含敏感词');
    expect((all('#review-content')[0].querySelector('textarea') as HTMLTextAreaElement).value).toBe('老师讲得很清楚');
    expect(all('.sf-reviews__star.is-on').length).toBe(4);

    refuse = false;
    passDuplicateWindow(); // the same request again is sent, not answered by the refused one
    tap(all('#review-send')[0]);
    await customer.seesToast('评价成功');
    await waitFor(() => expect(text('.sf-comment__content')).toBe('老师讲得很清楚'));
    expect(all('#review-form').length).toBe(0);
  });

  test('an unknown item says so with a way home', async () => {
    route('GET', '/front/v1/activity/details', () => ({ error: '活动不存在或已下线', code: 4040 }));
    await openAt('/subpackages/activity/getCommentList/getCommentList?actSn=NOPE');
    await waitFor(() => expect(text('.sf-empty__text')).toBe('活动不存在或已下线'));
    expect(text('.sf-empty__action')).toBe('返回首页');
  });
});

describe('indexSearch', () => {
  test('before any search a hint shows, not 暂无数据; an empty keyword is not sent', async () => {
    await openAt('/pages/index/indexSearch');
    await waitFor(() => expect(text('#search-hint')).toBe('输入课程或活动名称，点击搜索'));
    expect(all('.sf-empty').length).toBe(0);
    tap(all('#search-go')[0]);
    toasted('请输入搜索关键词');
    expect(requests.filter((r) => r.path === '/front/v1/search')).toHaveLength(0);
    expect(all('.sf-empty').length).toBe(0);
  });

  test('results are paged; no result shows 暂无数据', async () => {
    route('GET', '/front/v1/search', (q) => {
      if (q.keyword !== '英语') return { info: { list: [], total: 0, page: 1, perSize: 10 } };
      const page = Number(q.page);
      const list = page === 1 ? Array.from({ length: 10 }, (_, i) => card(`S${i}`)) : [card('S10')];
      return { info: { list, total: 11, page, perSize: 10 } };
    });
    await openAt('/pages/index/indexSearch');
    await typeKeys('#search-input', '英语');
    tap(all('#search-go')[0]);
    await waitFor(() => expect(all('.sf-card').length).toBe(10));
    expect(all('#search-hint').length).toBe(0);
    expect(text('.sf-search__count')).toBe('共找到11个结果');
    await currentPage().onReachBottom();
    await waitFor(() => expect(all('.sf-card').length).toBe(11));

    await typeKeys('#search-input', '不存在的课程');
    tap(all('#search-go')[0]);
    await waitFor(() => expect(text('.sf-empty__text')).toBe('暂无数据'));
    expect(all('.sf-card').length).toBe(0);
  });

  test('a keyword in the query searches at once', async () => {
    route('GET', '/front/v1/search', () => ({
      info: { list: [card('K1', { actName: '会计实操' })], total: 1, page: 1, perSize: 10 },
    }));
    await openAt(`/pages/index/indexSearch?keyword=${encodeURIComponent('会计')}`);
    await waitFor(() => expect(text('.sf-card__name')).toBe('会计实操'));
  });
});

describe('richTextH5, webView and customerService', () => {
  test('richTextH5 with targetSn shows that item’s introduction, sanitised', async () => {
    route('GET', '/front/v1/activity/product/introduce/T1', () => ({
      info: { content: '<h2>图文</h2><script>window.bad=1</script><img src="/static/x.png" onerror="x()">' },
    }));
    await openAt('/subpackages/user/thirdParty/richTextH5?targetSn=T1');
    await waitFor(() => expect(text('.sf-rich')).toContain('图文'));
    expect(all('.sf-rich')[0].innerHTML).not.toMatch(/script|onerror/);
  });

  test('richTextH5 with context shows it; empty content says 内容为空', async () => {
    await openAt(`/subpackages/user/thirdParty/richTextH5?context=${encodeURIComponent('<p>活动规则</p>')}`);
    await waitFor(() => expect(text('.sf-rich')).toBe('活动规则'));
    await openAt('/subpackages/user/thirdParty/richTextH5?context=');
    await waitFor(() => expect(text('.sf-rich--empty')).toBe('内容为空'));
  });

  test('webView opens http(s) addresses only', async () => {
    await openAt(`/pages/thirdParty/webView?url=${encodeURIComponent('https://example.com/page')}`);
    await waitFor(() => expect(all('iframe, taro-web-view-core').length).toBeGreaterThan(0));
    await openAt(`/pages/thirdParty/webView?url=${encodeURIComponent('javascript:alert(1)')}`);
    await waitFor(() => expect(text('.sf-empty__text')).toBe('链接无效，无法打开'));
  });

  test('customerService calls the service line', async () => {
    const call = jest.spyOn(Taro, 'makePhoneCall').mockImplementation(async () => ({ errMsg: 'makePhoneCall:ok' }));
    await openAt('/subpackages/user/thirdParty/customerService');
    await waitFor(() => expect(text('#service-phone')).toContain('400-800-8000'));
    tap(all('.sf-service__call')[0]);
    expect(call).toHaveBeenCalledWith({ phoneNumber: '4008008000' });
    call.mockRestore();
  });
});

describe('home tab search entry', () => {
  test('the first home tab has a search bar that opens indexSearch', async () => {
    route('GET', '/front/v1/customerPage/menu', () => ({
      info: { tabList: [{ tabIndex: 0, title: '首页', pageSn: 'home', jumpContent: { firstEnum: 'PAGE_INDEX' } }] },
    }));
    route('POST', '/front/v1/customerPage/moduleInfo', () => ({
      info: { pageSn: 'home', pageTitle: '首页', modules: [] },
    }));
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(async () => ({ errMsg: 'navigateTo:ok' }));
    await openAt('/pages/index/index');
    await waitFor(() => expect(text('#home-search')).toBe('搜索课程、活动'));
    tap(all('#home-search')[0]);
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith({ url: '/pages/index/indexSearch' }));
    navigateTo.mockRestore();
  });
});
