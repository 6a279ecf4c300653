/**
 * Packages (套餐) and gift courses (赠课) as operators edit them: the courses are the project's own items, their
 * names and prices taken from those items; another project's course is refused; publish is refused when a package
 * does not add up; and the storefront's order confirmation then charges the edited package as the console showed
 * it (套餐优惠 = the courses' sum − the package price) and lists the gifts. Also the §3 adult-exam fields.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import type { CatalogueItem, CatalogueItemInput } from '@contract/ops-catalogue';
import type { Confirmation } from '@contract/order';
import { PUBLISH_MESSAGES } from '@contract/rules/catalogue-publish';
import { activities } from '../../../src/domains/activity/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession } from '../operators/ops-client';

let h: Harness;
const A = 'course';
const B = 'demo';
let opA: string;
let opB: string;

before(async () => {
  h = await buildHarness();
  opA = (await operatorSession(h, 'operator', [A])).token;
  opB = (await operatorSession(h, 'operator', [B])).token;
});
after(async () => {
  await h.close();
});

const item = (over: Partial<CatalogueItemInput> = {}): CatalogueItemInput => ({
  actName: '套餐测试课程',
  actType: 'COURSE',
  cover: '/static/demo/cover.png',
  price: 100000,
  orderPayType: 1,
  deliveryType: 4,
  ...over,
});

async function create(projectSn: string, token: string, over: Partial<CatalogueItemInput> = {}) {
  const res = await opsCall(h, 'POST', '/ops/v1/catalogue/items', token, { ...item(over), projectSn });
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info as CatalogueItem;
}
const save = (actSn: string, body: CatalogueItemInput, token = opA) =>
  opsCall(h, 'PATCH', `/ops/v1/catalogue/items/${actSn}`, token, body);
const ref = (c: CatalogueItem) => ({ courseSn: c.actSn, courseName: '随便写的名字', courseAmount: 1 });

describe('packages and gift courses', () => {
  test('saved from the project’s courses, priced from them, and the confirmation charges them as shown', async () => {
    const math = await create(A, opA, { actName: '高等数学', price: 60000 });
    const english = await create(A, opA, { actName: '大学英语', price: 50000 });
    const gift = await create(A, opA, { actName: '学习方法讲座', price: 9900 });
    const main = await create(A, opA);
    const body = item({
      adultExamination: { schoolName: '广州大学', majorLevelStr: '专升本', majorName: '工商管理' },
      subjectCharge: 30000,
      subjectsNum: 2,
      packages: [{ packageName: '数学英语联报', price: 88000, courses: [ref(math), ref(english)] }],
      giftCourses: [ref(gift)],
    });
    const saved = await save(main.actSn, body);
    assert.equal(saved.status, 200, saved.raw.body);
    const after1 = saved.body.info as CatalogueItem;
    // The names and prices are the courses' own, whatever was typed; a gift costs nothing.
    assert.deepEqual(after1.packages[0].courses, [
      { courseSn: math.actSn, courseName: '高等数学', courseAmount: 60000 },
      { courseSn: english.actSn, courseName: '大学英语', courseAmount: 50000 },
    ]);
    assert.match(after1.packages[0].packageSn ?? '', /^PK/);
    assert.deepEqual(after1.giftCourses, [{ courseSn: gift.actSn, courseName: '学习方法讲座', courseAmount: 0 }]);
    assert.deepEqual(after1.adultExamination, {
      schoolName: '广州大学',
      majorLevelStr: '专升本',
      majorName: '工商管理',
    });
    assert.equal(after1.subjectCharge, 30000);
    assert.equal(after1.subjectsNum, 2);
    assert.deepEqual(after1.publishProblems, []);

    const pub = await opsCall(h, 'POST', `/ops/v1/catalogue/items/${main.actSn}/publish`, opA);
    assert.equal(pub.status, 200, pub.raw.body);

    const visitor = await h.enter(A);
    const detail = await h.get<{ subjectCharge: number; subjectsNum: number; adultExamination: { majorName: string } }>(
      '/front/v1/activity/details',
      { actSn: main.actSn },
      visitor,
    );
    assert.equal(detail.status, 200, detail.raw.body);
    assert.equal(detail.body.info.subjectCharge, 30000);
    assert.equal(detail.body.info.subjectsNum, 2);
    assert.equal(detail.body.info.adultExamination.majorName, '工商管理');

    const t = (await h.login('13700009901', A)).token;
    const c = await h.get<Confirmation>('/front/v2/client/course/order/confirm', { targetSn: main.actSn }, t);
    assert.equal(c.status, 200, c.raw.body);
    const conf = c.body.info;
    assert.deepEqual(
      conf.packageCourseList.map((x) => [x.courseName, x.courseAmount]),
      [
        ['高等数学', 60000],
        ['大学英语', 50000],
      ],
    );
    assert.deepEqual(
      conf.giftCourseList.map((x) => x.courseName),
      ['学习方法讲座'],
    );
    assert.equal(conf.orderCourseInfo.packageSn, after1.packages[0].packageSn);
    assert.equal(conf.confirmOrderAmount.totalAmount, 110000);
    assert.equal(conf.confirmOrderAmount.packageDiscountAmount, 22000);
    assert.equal(conf.confirmOrderAmount.orderTotalAmount, 88000, 'charged the package price');
    assert.equal(conf.confirmOrderAmount.payAmount, 88000);

    // Edited while on sale: a cheaper package is charged at once.
    const edited = await save(main.actSn, {
      ...body,
      packages: [{ ...after1.packages[0], price: 99000 }],
      giftCourses: [],
    });
    assert.equal(edited.status, 200, edited.raw.body);
    const c2 = await h.get<Confirmation>('/front/v2/client/course/order/confirm', { targetSn: main.actSn }, t);
    assert.equal(c2.body.info.confirmOrderAmount.packageDiscountAmount, 11000);
    assert.equal(c2.body.info.confirmOrderAmount.orderTotalAmount, 99000);
    assert.deepEqual(c2.body.info.giftCourseList, []);

    // A course another item packages is archived, not deleted.
    const del = await opsCall(h, 'DELETE', `/ops/v1/catalogue/items/${math.actSn}`, opA);
    assert.equal(del.status, 200, del.raw.body);
    assert.equal((del.body.info as { outcome: string }).outcome, 'ARCHIVED');
    const [row] = await h.database.db.select().from(activities).where(eq(activities.actSn, math.actSn));
    assert.equal(row.status, 'ARCHIVED');
  });

  test('another project’s course or an unknown one is refused in Chinese, nothing saved', async () => {
    const main = await create(A, opA);
    const foreign = await create(B, opB, { actName: '别的项目的课' });
    const res = await save(main.actSn, item({ giftCourses: [ref(foreign)] }));
    assert.equal(res.status, 400, res.raw.body);
    assert.equal(res.body.message, '课程「别的项目的课」不属于本项目，不能加入套餐或赠课');
    const res2 = await save(
      main.actSn,
      item({ packages: [{ packageName: '套餐', price: 100, courses: [{ ...ref(foreign), courseSn: 'NOPE-1' }] }] }),
    );
    assert.equal(res2.status, 400, res2.raw.body);
    assert.equal(res2.body.message, '课程 NOPE-1 不存在');
    const read = await opsCall(h, 'GET', `/ops/v1/catalogue/items/${main.actSn}`, opA);
    assert.deepEqual((read.body.info as CatalogueItem).giftCourses, []);
    assert.deepEqual((read.body.info as CatalogueItem).packages, []);
  });

  test('publish is refused when a package does not add up; bad fields get Chinese 400s', async () => {
    const math = await create(A, opA, { actName: '线性代数', price: 40000 });
    const main = await create(A, opA);
    const over = await save(
      main.actSn,
      item({ packages: [{ packageName: '贵套餐', price: 40001, courses: [ref(math)] }] }),
    );
    assert.equal(over.status, 200, over.raw.body);
    assert.deepEqual((over.body.info as CatalogueItem).publishProblems, [PUBLISH_MESSAGES.packageAbove(1)]);
    const pub = await opsCall(h, 'POST', `/ops/v1/catalogue/items/${main.actSn}/publish`, opA);
    assert.equal(pub.status, 400, pub.raw.body);
    assert.ok(pub.body.message.includes('第 1 个套餐的价格不得高于所含课程的合计'), pub.body.message);

    const zero = await save(main.actSn, item({ packages: [{ packageName: '', price: 0, courses: [] }] }));
    assert.deepEqual((zero.body.info as CatalogueItem).publishProblems, [
      PUBLISH_MESSAGES.packageName(1),
      PUBLISH_MESSAGES.packagePrice(1),
      PUBLISH_MESSAGES.packageCourses(1),
    ]);

    const bad = await save(main.actSn, { ...item(), subjectsNum: 0 });
    assert.equal(bad.status, 400, bad.raw.body);
    assert.equal(bad.body.message, '科目数至少 1 门');
    const neg = await save(main.actSn, {
      ...item(),
      packages: [{ packageName: '套', price: -1, courses: [ref(math)] }],
    });
    assert.equal(neg.status, 400);
    assert.equal(neg.body.message, '套餐价格不能为负');
  });

  test('an operator of another project may not save packages into project A’s item', async () => {
    const main = await create(A, opA);
    const res = await save(main.actSn, item(), opB);
    assert.equal(res.status, 403, res.raw.body);
  });
});
