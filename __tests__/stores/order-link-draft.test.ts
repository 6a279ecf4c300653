/**
 * A single-use order link's draft (下单链接): it is confirmed by the link, never by targetSn, offers no coupons,
 * and a link the server refuses (§8 1002, or its course off the shelf) opens the §8 popup with 返回首页.
 */
import type { Confirmation } from '../../contract/order';
import type { Api } from '../../src/api';
import { ApiError } from '../../src/api/request';
import { courseConfirmation as confirmation } from '../fixtures/order';
import { OrderDraft, OrderDraftStore } from '../../src/stores/order-draft';

const LINK_TEXT = '下单链接异常，请退出重新扫码下单或联系客服人员重新生成下单链接!';

function fakeApi(confirmLink: jest.Mock) {
  const order = {
    confirmLink,
    confirmCourse: jest.fn(),
    confirmDetails: jest.fn(),
    coupons: jest.fn(async () => ({ list: [] })),
    orderToken: jest.fn(async () => ({ orderToken: 'tok' })),
  };
  return { api: { order } as unknown as Api, order };
}

describe('order-link draft', () => {
  test('is confirmed by its link, with no coupons asked for, and gets a submit token', async () => {
    const c: Confirmation = confirmation({ creatType: 'LINK', couponAllowed: false });
    const { api, order } = fakeApi(jest.fn(async () => c));
    const d = new OrderDraft(api, 'course', '', '', '', Date.now, 'T'.repeat(32));
    await d.load();
    expect(order.confirmLink).toHaveBeenCalledWith('T'.repeat(32));
    expect(order.confirmCourse).not.toHaveBeenCalled();
    expect(order.coupons).not.toHaveBeenCalled();
    expect(d.couponsAllowed).toBe(false);
    expect(d.orderToken).toBe('tok');
    expect(d.popup).toBeNull();
  });

  test.each([
    [1002, LINK_TEXT],
    [1003, '课程已下架，请联系客服安排其他课程!'],
  ])('a link refused with %i opens the §8 popup with its text and 返回首页', async (code, text) => {
    const refused = jest.fn(async () => {
      throw new ApiError('server words', 'business', code, null, 400);
    });
    const d = new OrderDraft(fakeApi(refused).api, 'course', '', '', '', Date.now, 'T'.repeat(32));
    await d.load();
    expect(d.confirmation).toBeNull();
    expect(d.popup).toEqual({ code, message: text, action: { text: '返回首页' } });
  });

  test('a failure that is not a link code keeps the load-failure view (e.g. asked to log in first)', async () => {
    const refused = jest.fn(async () => {
      throw new ApiError('请先登录后再下单', 'business', 4010, null, 403);
    });
    const d = new OrderDraft(fakeApi(refused).api, 'course', '', '', '', Date.now, 'T'.repeat(32));
    await d.load();
    expect(d.popup).toBeNull();
    expect(d.loadError?.message).toBe('请先登录后再下单');
  });

  test('drafts of two links, and of a link and a detail order, are kept apart', () => {
    const store = new OrderDraftStore(fakeApi(jest.fn()).api);
    const a = store.draftFor('course', '', '', '', 'A'.repeat(32));
    expect(store.draftFor('course', '', '', '', 'A'.repeat(32))).toBe(a);
    expect(store.draftFor('course', '', '', '', 'B'.repeat(32))).not.toBe(a);
    expect(store.draftFor('course', '', '', '')).not.toBe(a);
  });
});
