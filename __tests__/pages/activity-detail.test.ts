jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import Taro from '@tarojs/taro';
import { ROUTES } from '../../src/domain/routes';
import {
  all,
  currentPage,
  currentRoute,
  openAt,
  passDuplicateWindow,
  requests,
  resetServer,
  route,
  signIn,
  tap,
  text,
  waitFor,
  waitForPage,
} from './harness';
import { card, courseDetail } from './fixtures';

const INTRO =
  '<p>课程介绍正文</p><script>window.hacked=1</script><img src="/static/big.png" width="700"><img src="/static/dot.png" width="1" height="1"><a href="javascript:alert(1)" onclick="x()">链接</a>';

function catalogue(detail = courseDetail()) {
  route('GET', '/front/v1/activity/details', (q) =>
    q.actSn === detail.actSn ? { info: detail } : { error: '活动不存在或已下线', code: 4040 },
  );
  route('GET', '/front/v1/activity/spec-attrs', () => ({
    info: {
      attrs: [
        { name: '学制', value: '2.5年' },
        { name: '上课方式', value: '线上' },
      ],
    },
  }));
  route('GET', '/front/v1/activity/hot-recommend', () => ({
    info: { list: [card('H1'), card(detail.actSn), card('H2', { actType: 'GOODS', price: 0 })] },
  }));
  route('GET', '/front/v1/activity/share', () => ({
    info: { title: detail.actName, content: '分享文案', image: detail.cover, link: '' },
  }));
  route('GET', `/front/v1/activity/product/introduce/${detail.actSn}`, () => ({ info: { content: INTRO } }));
}

beforeEach(() => {
  resetServer();
  signIn();
});

describe('course detail page (§2 detail pages)', () => {
  test('shows everything a buyer needs to decide', async () => {
    catalogue();
    await openAt('/pages/activity/courseDetail?actSn=C1');
    await waitFor(() => expect(text('.sf-act__name')).toBe('成人高考专升本全程班'));
    expect(text('.sf-act__price')).toBe('¥12800.5');
    expect(text('.sf-act__origin')).toBe('¥15000');
    expect(all('.sf-tags__tag').map((t) => t.textContent)).toEqual(['套餐', '分6期', '含2个课程']);
    expect(text('#act-packages')).toContain('基础套餐');
    expect(text('#act-packages')).toContain('高等数学');
    expect(text('#act-packages')).toContain('大学英语');
    expect(text('#act-gifts')).toContain('赠课（2）');
    expect(text('#act-gifts')).toContain('计算机基础');
    await waitFor(() => expect(text('#act-attrs')).toContain('学制2.5年'));
    expect(text('#act-attrs')).toContain('华南师范大学');
    expect(text('#act-attrs')).toContain('专升本');
    expect(text('#act-attrs')).toContain('汉语言文学');
    expect(text('#act-attrs')).toContain('¥300 × 4科 = ¥1200');
    expect(text('#act-promises')).toContain('支持申请退款');
    expect(text('#act-promises')).toContain('7天无理由退货');
    expect(text('#act-promises')).toContain('随迁落户');
    expect(text('#act-promises')).toContain('人才引进');
    expect(text('#act-reviews')).toContain('共12条评价 · 好评率96%');
    expect(all('#act-reviews .sf-comment').length).toBe(3);
    // The current item is not recommended to itself.
    await waitFor(() =>
      expect(all('#act-hot .sf-card').map((c) => c.getAttribute('data-act-sn'))).toEqual(['H1', 'H2']),
    );
    expect(text('#act-order')).toBe('立即报名');
  });

  test('the product introduction is sanitised: no script, no handlers, no javascript: links, no tiny images', async () => {
    catalogue();
    await openAt('/pages/activity/courseDetail?actSn=C1');
    await waitFor(() => expect(text('#act-introduce')).toContain('课程介绍正文'));
    const intro = all('#act-introduce')[0].innerHTML;
    expect(intro).not.toMatch(/<script|onclick|javascript:/i);
    expect(intro).toContain('/static/big.png');
    expect(intro).not.toContain('/static/dot.png');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  test('the order button opens the course submit screen with targetSn', async () => {
    catalogue();
    signIn('13800138000');
    await openAt('/pages/activity/courseDetail?actSn=C1');
    await waitFor(() => expect(text('#act-order')).toBe('立即报名'));
    tap(all('#act-order')[0]);
    await waitForPage(ROUTES.courseOrderSubmit);
    expect(
      (currentPage() as unknown as { options?: Record<string, string> }).options?.targetSn ?? window.location.hash,
    ).toContain('C1');
  });

  test('a visitor pressing order is sent to log in first and comes back to the submit screen', async () => {
    catalogue();
    // Stop at the navigation: the entrance page itself is not part of this test.
    const navigateTo = jest.spyOn(Taro, 'navigateTo').mockImplementation(async () => ({ errMsg: 'navigateTo:ok' }));
    await openAt('/pages/activity/courseDetail?actSn=C1');
    await waitFor(() => expect(text('#act-order')).toBe('立即报名'));
    tap(all('#act-order')[0]);
    await waitFor(() => expect(navigateTo).toHaveBeenCalled());
    const url = decodeURIComponent(String(navigateTo.mock.calls[0][0].url));
    expect(url).toMatch(/^\/pages\/entrance\/entrance\?/);
    expect(url).toContain('login=phone');
    expect(url).toContain('redirect=/pages/order/courseOrderSubmit?targetSn=C1');
    navigateTo.mockRestore();
  });

  test('when ordering is closed the reason shows and the button does nothing', async () => {
    catalogue(courseDetail({ actSn: 'C3', orderEnabled: false, disabledReason: '报名已截止' }));
    const toast = jest.spyOn(Taro, 'showToast');
    await openAt('/pages/activity/courseDetail?actSn=C3');
    await waitFor(() => expect(text('.sf-act__reason')).toBe('报名已截止'));
    expect(all('#act-order')[0].className).toContain('is-disabled');
    tap(all('#act-order')[0]);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '报名已截止' })));
    expect(currentRoute()).toBe(ROUTES.courseDetail);
    toast.mockRestore();
  });

  test('sold out: the button says 已售罄, keeps the price beside it, and does nothing', async () => {
    catalogue(courseDetail({ actSn: 'C4', soldOut: true }));
    const toast = jest.spyOn(Taro, 'showToast');
    await openAt('/pages/activity/courseDetail?actSn=C4');
    await waitFor(() => expect(text('#act-order')).toBe('已售罄'));
    expect(all('#act-order')[0].className).toContain('is-disabled');
    expect(all('.sf-act__bar-price')).toHaveLength(1);
    tap(all('#act-order')[0]);
    await new Promise((r) => setTimeout(r, 50));
    expect(currentRoute()).toBe(ROUTES.courseDetail);
    expect(toast).not.toHaveBeenCalled();
    toast.mockRestore();
  });

  test('the attributes are drawn with the item, not a call later (their block would push the rest down)', async () => {
    catalogue(courseDetail({ actSn: 'C3' }));
    let answer: (reply: { info: unknown }) => void = () => undefined;
    route('GET', '/front/v1/activity/spec-attrs', () => new Promise((r) => (answer = r)));
    await openAt('/pages/activity/courseDetail?actSn=C3');
    await waitFor(() => expect(requests.filter((r) => r.path === '/front/v1/activity/spec-attrs')).toHaveLength(1));
    // Asked for beside the item, not after it.
    expect(requests.filter((r) => r.path === '/front/v1/activity/details')).toHaveLength(1);
    expect(all('#act-skeleton')).toHaveLength(1);
    expect(all('.sf-act__name')).toHaveLength(0);
    answer({ info: { attrs: [{ name: '学制', value: '2.5年' }] } });
    await waitFor(() => expect(text('.sf-act__name')).toBe('成人高考专升本全程班'));
    expect(text('#act-attrs')).toContain('学制2.5年');
  });

  test('a failing attributes call shows the item without them', async () => {
    catalogue(courseDetail({ actSn: 'C4', adultExamination: null, subjectCharge: null, subjectsNum: null }));
    route('GET', '/front/v1/activity/spec-attrs', () => ({ error: '服务繁忙', status: 500 }));
    await openAt('/pages/activity/courseDetail?actSn=C4');
    await waitFor(() => expect(text('.sf-act__name')).toBe('成人高考专升本全程班'));
    expect(all('#act-attrs')).toHaveLength(0);
  });

  test('a failing extra call (recommendations) does not take the item off the screen', async () => {
    catalogue(courseDetail({ actSn: 'C2' }));
    route('GET', '/front/v1/activity/hot-recommend', () => ({ error: '服务繁忙', status: 500 }));
    await openAt('/pages/activity/courseDetail?actSn=C2');
    await waitFor(() => expect(text('#act-attrs')).toContain('学制'));
    expect(text('.sf-act__name')).toBe('成人高考专升本全程班');
    expect(all('#act-hot').length).toBe(0);
  });
});

describe('activity detail page', () => {
  test('goods order through the general submit screen; deposit items say so', async () => {
    catalogue(
      courseDetail({
        actSn: 'A1',
        actName: '亲子研学营',
        actType: 'ACTIVITY',
        isPackage: false,
        packages: [],
        giftCourses: [],
        orderPayType: 2,
        installmentNum: null,
        depositAmount: 50000,
        adultExamination: null,
        subjectCharge: null,
        subjectsNum: null,
        refundTags: [],
        holdTypes: [],
        hasProductIntroduce: false,
        commentSummary: { total: 0, goodRate: 0, latest: [] },
      }),
    );
    signIn('13800138000');
    await openAt('/pages/activity/activityDetail?actSn=A1');
    await waitFor(() => expect(text('.sf-act__name')).toBe('亲子研学营'));
    expect(all('.sf-tags__tag').map((t) => t.textContent)).toEqual(['定金+尾款']);
    expect(text('.sf-act__deposit')).toBe('定金 ¥500');
    expect(text('#act-reviews')).toContain('暂无评价');
    expect(all('#act-introduce').length).toBe(0);
    // The extras are asked for after the item's first paint: once this item's have gone out, its introduction must
    // not be among them (an earlier test's page may still be asking for its own, so only A1's count).
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/front/v1/activity/hot-recommend' && r.data.actSn === 'A1')).toBe(true),
    );
    expect(requests.some((r) => r.path === '/front/v1/activity/product/introduce/A1')).toBe(false);
    tap(all('#act-order')[0]);
    await waitForPage(ROUTES.orderSubmit);
  });

  test('an unknown or offline actSn says so with a way home, and pull-to-refresh retries', async () => {
    route('GET', '/front/v1/activity/details', () => ({ error: '活动不存在或已下线', code: 4040 }));
    await openAt('/pages/activity/activityDetail?actSn=GONE');
    await waitFor(() => expect(text('.sf-empty__text')).toBe('活动不存在或已下线'));
    expect(text('.sf-empty__action')).toBe('返回首页');

    // The item comes back (or the network does): a pull-down loads it.
    catalogue(courseDetail({ actSn: 'GONE', actName: '重新上架的课程' }));
    passDuplicateWindow(); // the retry is sent again, not answered by the refused call
    await currentPage().onPullDownRefresh();
    await waitFor(() => expect(text('.sf-act__name')).toBe('重新上架的课程'));
  });

  test('no actSn at all is not a blank page', async () => {
    await openAt('/pages/activity/activityDetail');
    await waitFor(() => expect(text('.sf-empty__text')).toBe('缺少活动编号'));
    // Nothing about an item is asked for; the page shell's visitor-access check runs on every page.
    expect(requests.filter((r) => r.path !== '/front/v1/access/check')).toHaveLength(0);
  });

  test('返回首页 leaves the error state for the first home tab', async () => {
    route('GET', '/front/v1/activity/details', () => ({ error: '活动不存在或已下线', code: 4040 }));
    const switchTab = jest.spyOn(Taro, 'switchTab').mockImplementation(async () => ({ errMsg: 'switchTab:ok' }));
    await openAt('/pages/activity/activityDetail?actSn=GONE2');
    await waitFor(() => expect(text('.sf-empty__action')).toBe('返回首页'));
    tap(all('.sf-empty__action')[0]);
    await waitFor(() => expect(switchTab).toHaveBeenCalledWith({ url: '/pages/index/index' }));
    switchTab.mockRestore();
  });
});
