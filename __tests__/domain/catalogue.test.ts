import * as contract from '../../contract/activity';
import { integralCarrier } from '../../contract/rules/integral';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  HOLD_TYPES,
  ORDER_PAY_TYPES,
  REFUND_TAGS,
  detailJumpEnum,
  holdTypeTexts,
  orderButton,
  orderRoute,
  refundTagTexts,
  reviewSummaryText,
  validateComment,
} from '../../src/domain/catalogue';
import { ROUTES } from '../../src/domain/routes';

describe('catalogue constants mirror the contract', () => {
  // The client cannot import them from contract/activity.ts (zod would enter the bundle), so they are kept equal here.
  test('refund tags, hold types, pay types and the review limit', () => {
    expect(REFUND_TAGS).toEqual(contract.REFUND_TAGS);
    expect(HOLD_TYPES).toEqual(contract.HOLD_TYPES);
    expect(ORDER_PAY_TYPES).toEqual(contract.ORDER_PAY_TYPES);
    expect(COMMENT_MAX_LENGTH).toBe(contract.COMMENT_MAX_LENGTH);
  });

  test('review messages are the ones the server answers with', () => {
    const parse = (body: Record<string, unknown>) => {
      const r = contract.commentPublishBody.safeParse({ actSn: 'A', ...body });
      return r.success ? null : r.error.issues[0].message;
    };
    expect(parse({ score: 0, content: 'x' })).toBe(COMMENT_MESSAGES.scoreRequired);
    expect(parse({ score: 5, content: '   ' })).toBe(COMMENT_MESSAGES.contentRequired);
    expect(parse({ score: 5, content: 'x'.repeat(COMMENT_MAX_LENGTH + 1) })).toBe(COMMENT_MESSAGES.contentTooLong);
  });
});

describe('§3 refund tag map and hold types', () => {
  test.each<[number[], string[]]>([
    [[1], ['支持申请退款']],
    [
      [2, 3],
      ['不支持退款', '7天无理由退货'],
    ],
    [
      [4, 5, 6],
      ['不支持7天无理由退货', '拆封后不支持退货', '激活后不支持退款'],
    ],
    [[9, 1], ['支持申请退款']],
    [[], []],
  ])('refund tags %j', (tags, texts) => {
    expect(refundTagTexts(tags)).toEqual(texts);
  });
  test.each<[string[], string[]]>([
    [['TRAILING_HOLD'], ['随迁落户']],
    [
      ['TALENT_IN', 'TRAILING_HOLD'],
      ['人才引进', '随迁落户'],
    ],
    [['OTHER', ''], ['OTHER']],
  ])('hold types %j', (types, texts) => {
    expect(holdTypeTexts(types)).toEqual(texts);
  });
});

describe('ordering and detail routes', () => {
  test.each([
    ['COURSE', ROUTES.courseOrderSubmit, 'PAGE_COURSE_DETAIL'],
    ['ACTIVITY', ROUTES.orderSubmit, 'PAGE_ACT_DETAIL'],
    ['GOODS', ROUTES.orderSubmit, 'PAGE_ACT_DETAIL'],
    ['INTEGRAL', ROUTES.orderSubmit, 'PAGE_ACT_DETAIL'],
  ])('%s orders through %s', (actType, route, jump) => {
    expect(orderRoute(actType)).toBe(route);
    expect(detailJumpEnum(actType)).toBe(jump);
  });
});

describe('review form (publish)', () => {
  test.each([
    [{ score: 0, content: '很好' }, '请选择评分'],
    [{ score: 6, content: '很好' }, '请选择评分'],
    [{ score: 2.5, content: '很好' }, '请选择评分'],
    [{ score: 5, content: '' }, '请输入评价内容'],
    [{ score: 5, content: ' \n ' }, '请输入评价内容'],
    [{ score: 5, content: '字'.repeat(501) }, '评价内容不能超过500字'],
    [{ score: 5, content: ` ${'字'.repeat(500)} ` }, null],
    [{ score: 1, content: '一般' }, null],
  ])('%j -> %s', (input, message) => {
    expect(validateComment(input)).toBe(message);
  });
  test('summary text', () => {
    expect(reviewSummaryText(0, 0)).toBe('暂无评价');
    expect(reviewSummaryText(12, 96)).toBe('共12条评价 · 好评率96%');
    expect(reviewSummaryText(1, 140)).toBe('共1条评价 · 好评率100%');
  });
});

describe('§3 integral package carriers', () => {
  test.each([
    ['MOBILE_INTEGRAL', { label: '中国移动', suffix: '移动积分' }],
    ['UNICOM_INTEGRAL', { label: '中国联通', suffix: '联通积分' }],
    ['', { label: '', suffix: '积分' }],
    [null, { label: '', suffix: '积分' }],
  ])('%s', (type, expected) => {
    expect(integralCarrier(type)).toEqual(expected);
  });
});

describe('the detail order button', () => {
  const item = { soldOut: false, orderEnabled: true, integralPackage: null, actType: 'GOODS' };
  test.each([
    [item, 100, { text: '立即购买', enabled: true }],
    [item, 0, { text: '立即报名', enabled: true }],
    [{ ...item, actType: 'COURSE' }, 100, { text: '立即报名', enabled: true }],
    [{ ...item, integralPackage: {} }, 100, { text: '立即兑换', enabled: true }],
    [{ ...item, orderEnabled: false }, 100, { text: '立即购买', enabled: false }],
    [{ ...item, soldOut: true }, 100, { text: '已售罄', enabled: false }],
    [{ ...item, soldOut: true, actType: 'COURSE', orderEnabled: false }, 0, { text: '已售罄', enabled: false }],
  ])('%j at %i fen', (d, price, expected) => {
    expect(orderButton(d, price)).toEqual(expected);
  });
});
