/**
 * Ordering demo data for every project (DESIGN.md §6): how each catalogue item is bought (order_configs) and the
 * coupon templates of every kind in §3. Idempotent: rows that exist are left alone, so an older database gets
 * what it lacks at the next start.
 */
import type { Db } from '../../runtime/database/plugin';
import { activities } from '../../domains/activity/schema';
import { projects } from '../../domains/entrance/schema';
import { couponTemplates } from '../../domains/coupon/schema';
import { orderConfigs, type OrderConfig } from '../../domains/order/schema';
import { DEFAULT_ORDER_CONFIG } from '../../domains/order/order-config';
import { agreements } from '../../domains/order/schema';
import { FREE_SHIPPING } from '@contract/rules/freight';
import { CATALOGUE, SHELF_ITEMS } from './catalogue';

const GOODS_TAGS = new Map(
  [...CATALOGUE.goods, ...[...SHELF_ITEMS.values()].filter((i) => i.actType === 'GOODS')].map((g) => [g.key, g.tags]),
);

/**
 * The purchase agreement the payment engineer seeds (server/src/domains/order/purchase-agreement.ts DEMO_AGREEMENT_SN).
 */
const AGREEMENT_SN = 'demo-purchase-agreement';

const course = (courseSn: string, courseName: string, courseAmount: number) => ({ courseSn, courseName, courseAmount });
const rule = (
  nKey: string,
  keyName: OrderConfig['restrict'][number]['keyName'],
  label: string,
  required = true,
  extra: Partial<OrderConfig['restrict'][number]> = {},
) => ({
  nKey,
  keyName,
  label,
  required,
  idCardType: keyName === 'IDCARD' ? ('IDCARD' as const) : null,
  ...extra,
});

const COURSE_BASE: OrderConfig = {
  ...DEFAULT_ORDER_CONFIG,
  agreementSn: AGREEMENT_SN,
  electronicProtocol: true,
  hasProductIntroduce: true,
};

/** Ordering features by catalogue key (server/src/db/seed/catalogue.ts). */
export function orderConfigFor(key: string, sn: string): OrderConfig | null {
  switch (key) {
    case 'course-01': // 成人高考专升本辅导: a package of three, six instalments
      return {
        ...COURSE_BASE,
        orderPayType: 3,
        installmentNum: 6,
        installmentIntervalDays: 30,
        packages: [
          {
            packageSn: `${sn}-pkg-adult`,
            packageName: '专升本三科联报',
            price: 298000,
            discount: 20000,
            courses: [
              course(`${sn}-c-chinese`, '大学语文', 99000),
              course(`${sn}-c-politics`, '政治', 99000),
              course(`${sn}-c-english`, '大学英语', 120000),
            ],
          },
        ],
        restrict: [rule('a1name', 'NAME', '姓名'), rule('a1idcd', 'IDCARD', '身份证号')],
      };
    case 'course-02': // 会计初级职称: deposit + final, textbooks shipped free (old freight struck through)
      return {
        ...COURSE_BASE,
        orderPayType: 2,
        depositAmount: 30000,
        finalDueDays: 30,
        deliveryType: 1,
        freight: 0,
        oldFreight: 1000,
        restrict: [rule('b2name', 'NAME', '姓名'), rule('b2phon', 'PHONE', '联系电话')],
      };
    case 'course-03': // 教师资格证: two packages (笔试+面试, 笔试单科) with two gift courses
      return {
        ...COURSE_BASE,
        courseDiscountAmount: 0,
        packages: [
          {
            packageSn: `${sn}-pkg-teacher`,
            packageName: '笔试+面试套餐',
            price: 139900,
            discount: 20000,
            courses: [
              course(`${sn}-c-written`, '教资笔试精讲', 89900),
              course(`${sn}-c-interview`, '教资面试实战', 70000),
            ],
          },
          // A second package, so the detail page has packages to choose between (the first stays the default).
          {
            packageSn: `${sn}-pkg-written`,
            packageName: '笔试单科',
            price: 79900,
            discount: 10000,
            courses: [course(`${sn}-c-written`, '教资笔试精讲', 89900)],
          },
        ],
        giftCourses: [course(`${sn}-g-psy`, '教育心理学速记', 0), course(`${sn}-g-law`, '教育法规串讲', 0)],
      };
    case 'course-04': // 一级建造师: three instalments
      return {
        ...COURSE_BASE,
        orderPayType: 3,
        installmentNum: 3,
        installmentIntervalDays: 30,
        courseDiscountAmount: 10000,
      };
    case 'course-05': // 人力资源管理师: delivery with freight, every applicant field type, household
      return {
        ...COURSE_BASE,
        deliveryType: 1,
        freight: 1200,
        oldFreight: 1500,
        isHousehold: true,
        courseDiscountAmount: 5000,
        restrict: [
          rule('e5name', 'NAME', '姓名'),
          rule('e5idcd', 'IDCARD', '身份证号', true, { submitTips: '请输入正确的身份证号码' }),
          rule('e5phon', 'PHONE', '联系电话'),
          rule('e5mail', 'EMAIL', '电子邮箱'),
          rule('e5numb', 'NUMBER', '工作年限'),
          rule('e5addr', 'ADDRESS', '通讯地址'),
          rule('e5text', 'TEXT', '报考说明', false, { multiline: true }),
          rule('e5hkid', 'IDCARD', '港澳台证件号', false, { idCardType: 'IDCARD_OUT' }),
        ],
      };
    case 'course-06': // 健康管理师: six instalments
      return { ...COURSE_BASE, orderPayType: 3, installmentNum: 6, installmentIntervalDays: 30 };
    case 'course-07': // 英语四六级: materials shipped, not to some areas
      return {
        ...COURSE_BASE,
        deliveryType: 1,
        freight: 800,
        freightAreasType: 2,
        invalidAreas: [
          { provinceId: '650000', cityId: null, areaId: null, name: '新疆维吾尔自治区' },
          { provinceId: '540000', cityId: null, areaId: null, name: '西藏自治区' },
          { provinceId: '440000', cityId: '440300', areaId: null, name: '深圳市' },
        ],
      };
    case 'course-08': // 普通话: closed for sign-up
      return { ...COURSE_BASE, disableFlag: true, disableReason: '课程报名已截止' };
    default:
      // Goods tagged 包邮 ship free; the others pay ¥10 (the detail says 包邮 only when this charges nothing).
      if (GOODS_TAGS.has(key))
        return {
          ...DEFAULT_ORDER_CONFIG,
          deliveryType: 1,
          freight: GOODS_TAGS.get(key)?.includes(FREE_SHIPPING) ? 0 : 1000,
        };
      if (key.startsWith('course-')) return COURSE_BASE;
      return null;
  }
}

/** Coupon templates of every kind in §3, per project (the 新人礼包 gives a used and an expired copy: seed/coupons.ts). */
export function couponTemplatesFor(sn: string): (typeof couponTemplates.$inferInsert)[] {
  const all = { scopeActSns: [] as string[], scopeText: '全部商品可用' };
  return [
    {
      couponSn: `${sn}-cp-amount`,
      projectSn: sn,
      couponName: '新人立减20元',
      couponType: 1,
      couponAmount: 2000,
      ...all,
      validityDays: 30,
      instructions: '下单立减\n不与其他优惠同享',
    },
    {
      couponSn: `${sn}-cp-threshold`,
      projectSn: sn,
      couponName: '满1000减100',
      couponType: 1,
      couponAmount: 10000,
      threshold: 100000,
      ...all,
      validityDays: 30,
      instructions: '订单满1000元可用',
    },
    {
      couponSn: `${sn}-cp-percent`,
      projectSn: sn,
      couponName: '课程85折券',
      couponType: 2,
      couponAmount: 15,
      upperLimit: 30000,
      ...all,
      validityDays: 15,
      instructions: '最高减300元',
    },
    {
      couponSn: `${sn}-cp-big`,
      projectSn: sn,
      couponName: '满5000减800',
      couponType: 1,
      couponAmount: 80000,
      threshold: 500000,
      ...all,
      validityDays: 30,
      instructions: '订单满5000元可用',
    },
    {
      couponSn: `${sn}-cp-used`,
      projectSn: sn,
      couponName: '已使用的10元券',
      couponType: 1,
      couponAmount: 1000,
      ...all,
      validityDays: 30,
    },
    {
      couponSn: `${sn}-cp-expired`,
      projectSn: sn,
      couponName: '已过期的15元券',
      couponType: 1,
      couponAmount: 1500,
      ...all,
      validityDays: 30,
    },
    {
      couponSn: `${sn}-cp-other`,
      projectSn: sn,
      couponName: '英语课程专享券',
      couponType: 1,
      couponAmount: 5000,
      scopeActSns: [`${sn}-course-07`],
      scopeText: '仅限英语四六级冲刺营',
      validityDays: 30,
    },
  ];
}

const AGREEMENT_TEXT = [
  '甲方（学员）在本平台购买课程，乙方（平台）提供相应教学服务，双方约定如下：',
  '一、课程内容、课时安排与授课方式以课程详情页公示为准。',
  '二、学员应按约定按时足额支付课程费用；选择定金+尾款或分期付款的，须在约定时间前完成每期支付。',
  '三、课程开通后，学员享有课程有效期内的学习权益，账号仅限本人使用，不得转让。',
  '四、退款规则以课程详情页的退款标签为准；已激活、已拆封或已开课的部分不予退款。',
  '五、因不可抗力导致课程无法按期进行的，双方协商调整课程安排或退还未履行部分的费用。',
  '六、本协议自学员勾选同意并完成支付之日起生效。',
].join('\n');

export async function seedOrdering(db: Db): Promise<void> {
  await db
    .insert(agreements)
    .values({ agreementSn: AGREEMENT_SN, agreementName: '课程购买协议', agreementContent: AGREEMENT_TEXT })
    .onConflictDoNothing();
  const projectRows = await db.select({ projectSn: projects.projectSn }).from(projects);
  const acts = await db.select({ actSn: activities.actSn, projectSn: activities.projectSn }).from(activities);
  const configs = acts
    .map((a) => ({ actSn: a.actSn, config: orderConfigFor(a.actSn.slice(a.projectSn.length + 1), a.projectSn) }))
    .filter((r): r is { actSn: string; config: OrderConfig } => r.config !== null);
  if (configs.length) await db.insert(orderConfigs).values(configs).onConflictDoNothing();
  const templates = projectRows.flatMap((p) => couponTemplatesFor(p.projectSn));
  if (templates.length) await db.insert(couponTemplates).values(templates).onConflictDoNothing();
}
