import { SKU_CNT_MAX } from '../../contract/constants';
import { confirmByTargetQuery } from '../../contract/order';
import { choosePackageSn, clampQuantity, moreListTitle, orderCountText, promiseTags } from '../../src/domain/catalogue';

describe('refund tags and hold types on the detail (§3 refund tag map)', () => {
  test('restrictions are marked as such, never with a tick', () => {
    expect(promiseTags([1, 2, 3, 4, 5, 6], ['TRAILING_HOLD'])).toEqual([
      { text: '支持申请退款', negative: false },
      { text: '不支持退款', negative: true },
      { text: '7天无理由退货', negative: false },
      { text: '不支持7天无理由退货', negative: true },
      { text: '拆封后不支持退货', negative: true },
      { text: '激活后不支持退款', negative: true },
      { text: '随迁落户', negative: false },
    ]);
  });
  test('unknown tags are left out', () => {
    expect(promiseTags([9, 2], [])).toEqual([{ text: '不支持退款', negative: true }]);
  });
});

describe('package choice on a course detail', () => {
  const packages = [{ packageSn: 'P1' }, { packageSn: 'P2' }];
  test.each([
    [null, 'P1'],
    ['P2', 'P2'],
    ['P9', 'P1'],
  ])('asked %s -> %s', (wanted, chosen) => expect(choosePackageSn(packages, wanted)).toBe(chosen));
  test('an item without packages has none', () => expect(choosePackageSn([], 'P1')).toBeNull());
});

describe('goods quantity', () => {
  test.each([
    [1, 1],
    [0, 1],
    [-3, 1],
    [2.7, 2],
    [SKU_CNT_MAX, SKU_CNT_MAX],
    [SKU_CNT_MAX + 1, SKU_CNT_MAX],
    [Number.NaN, 1],
  ])('%s -> %s', (n, expected) => expect(clampQuantity(n)).toBe(expected));

  test('the storefront never asks for a quantity the server refuses', () => {
    for (const n of [clampQuantity(0), clampQuantity(1e6)]) {
      expect(
        confirmByTargetQuery.safeParse({ timestamp: 1, nonceStr: 'abcdefgh', sign: 'x', targetSn: 'G', skuCnt: n })
          .success,
      ).toBe(true);
    }
    expect(
      confirmByTargetQuery.safeParse({
        timestamp: 1,
        nonceStr: 'abcdefgh',
        sign: 'x',
        targetSn: 'G',
        skuCnt: SKU_CNT_MAX + 1,
      }).success,
    ).toBe(false);
  });
});

describe('order count', () => {
  test('courses count courses, goods count pieces', () => {
    expect(orderCountText('COURSE', 3, 1)).toBe('共3门课程');
    expect(orderCountText('COURSE', 0, 1)).toBe('共1门课程');
    expect(orderCountText('GOODS', 1, 4)).toBe('共4件商品');
    expect(orderCountText('GOODS', 1, 1)).toBe('共1件商品');
  });
});

describe('more-activity title', () => {
  test('by what it lists', () => {
    expect(moreListTitle({ columnTitle: '精品课程' })).toBe('精品课程');
    expect(moreListTitle({ columnTitle: '', couponSn: 'CP1' })).toBe('适用活动');
    expect(moreListTitle({})).toBe('更多');
  });
});
