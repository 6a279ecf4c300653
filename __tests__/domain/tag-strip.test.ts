import { packageCourseCount, tagStrip, type TagStripSource } from '../../src/domain/tag-strip';

const course = (courseSn: string) => ({ courseSn });
const base: TagStripSource = { isPackage: false, orderPayType: 1, installmentNum: null, packages: [] };

describe('tag strip (§2: 套餐, 定金+尾款, 分N期, 含N个课程)', () => {
  test.each<[string, Partial<TagStripSource>, string[]]>([
    ['a single-payment course has none', {}, []],
    ['deposit + final', { orderPayType: 2 }, ['定金+尾款']],
    ['3 instalments', { orderPayType: 3, installmentNum: 3 }, ['分3期']],
    ['6 instalments', { orderPayType: 3, installmentNum: 6 }, ['分6期']],
    ['instalments without a period count say nothing wrong', { orderPayType: 3, installmentNum: null }, []],
    ['instalment count on a normal order is ignored', { orderPayType: 1, installmentNum: 6 }, []],
    [
      'a package with its courses',
      { isPackage: true, packages: [{ courses: [course('a'), course('b')] }] },
      ['套餐', '含2个课程'],
    ],
    [
      'a course in two packages counts once',
      { isPackage: true, packages: [{ courses: [course('a'), course('b')] }, { courses: [course('b'), course('c')] }] },
      ['套餐', '含3个课程'],
    ],
    ['an empty package shows no count', { isPackage: true, packages: [{ courses: [] }] }, ['套餐']],
    [
      'package with instalments, in strip order',
      { isPackage: true, orderPayType: 3, installmentNum: 6, packages: [{ courses: [course('a')] }] },
      ['套餐', '分6期', '含1个课程'],
    ],
    ['packages on a non-package item are not counted', { packages: [{ courses: [course('a')] }] }, []],
  ])('%s', (_name, patch, expected) => {
    expect(tagStrip({ ...base, ...patch })).toEqual(expected);
  });

  test('distinct course count', () => {
    expect(packageCourseCount([])).toBe(0);
    expect(packageCourseCount([{ courses: [course('a'), course('a')] }])).toBe(1);
  });
});
