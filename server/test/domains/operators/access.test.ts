/**
 * What each role may do (contract/rules/operator-roles.ts, one sample route per area and access) and the project
 * scope: an operator of one project can neither read nor change another's data on any /ops route. The probe table
 * is checked against the OpenAPI document, so a new /ops route without a probe fails here.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { OPS_AUTH_MESSAGES as M, type OperatorRole } from '@contract/operators';
import { mayAccess, type OpsAccess, type OpsArea } from '@contract/rules/operator-roles';
import { accessBlocks } from '../../../src/domains/access/schema';
import { activities } from '../../../src/domains/activity/schema';
import { afterSaleApplications } from '../../../src/domains/after-sales/schema';
import { claimActivities, couponTemplates } from '../../../src/domains/coupon/schema';
import { bankCards, promoters, withdrawals } from '../../../src/domains/earnings/schema';
import { feedback } from '../../../src/domains/feedback/schema';
import { forms } from '../../../src/domains/form/schema';
import { orderLinks, orders } from '../../../src/domains/order/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession } from './ops-client';

let h: Harness;
const A = 'course';
const B = 'demo';
/** Records of project B the probes name. */
const b = {
  orderNo: '',
  formSn: '',
  actSn: '',
  claimSn: '',
  couponSn: '',
  applicationNo: '',
  withdrawalNo: '',
  feedbackSn: '',
  blockSn: '',
  linkSn: '',
};

before(async () => {
  h = await buildHarness();
  const db = h.database.db;
  const [order] = await db.select().from(orders).where(eq(orders.projectSn, B)).limit(1);
  const [form] = await db.select().from(forms).where(eq(forms.projectSn, B)).limit(1);
  const [act] = await db.select().from(activities).where(eq(activities.projectSn, B)).limit(1);
  const [claim] = await db.select().from(claimActivities).where(eq(claimActivities.projectSn, B)).limit(1);
  const [coupon] = await db.select().from(couponTemplates).where(eq(couponTemplates.projectSn, B)).limit(1);
  const [promoter] = await db.select().from(promoters).where(eq(promoters.projectSn, B)).limit(1);
  assert.ok(order && form && act && claim && coupon && promoter, 'the demo seed has project B records');
  Object.assign(b, {
    orderNo: order.orderNo,
    formSn: form.formSn,
    actSn: act.actSn,
    claimSn: claim.actSn,
    couponSn: coupon.couponSn,
  });
  // An application and a withdrawal of project B (the seed has none).
  b.applicationNo = 'AS-SCOPE-PROBE';
  await db.insert(afterSaleApplications).values({
    applicationNo: b.applicationNo,
    projectSn: B,
    userId: order.userId,
    orderNo: order.orderNo,
    type: 1,
    seqs: [1],
    amount: 1,
    reason: '其他',
    state: 'APPLIED',
  });
  await db
    .insert(bankCards)
    .values({
      cardId: 'CARD-SCOPE-PROBE',
      userId: promoter.userId,
      bankCode: 'ICBC',
      bankName: '工商银行',
      holderName: '测试',
      cardNoEnc: 'x',
      cardNoHash: 'scope-probe',
      cardTail: '0000',
    })
    .onConflictDoNothing();
  b.withdrawalNo = 'WD-SCOPE-PROBE';
  await db.insert(withdrawals).values({
    withdrawalNo: b.withdrawalNo,
    userId: promoter.userId,
    requestId: 'scope-probe',
    amount: 100,
    fee: 0,
    actualAmount: 100,
    cardId: 'CARD-SCOPE-PROBE',
    cardSnapshot: { bankName: '工商银行', cardMasked: '**** 0000', holderName: '测*' },
    status: 'REVIEWING',
  });
  b.feedbackSn = 'FB-SCOPE-PROBE';
  await db
    .insert(feedback)
    .values({ feedbackSn: b.feedbackSn, projectSn: B, userId: order.userId, feedbackType: '其他', content: '越权' });
  b.blockSn = 'AB-SCOPE-PROBE';
  await db
    .insert(accessBlocks)
    .values({ blockSn: b.blockSn, projectSn: B, kind: 'PAGE', target: 'pages/center/center' });
  b.linkSn = 'OL-SCOPE-PROBE';
  await db.insert(orderLinks).values({
    linkSn: b.linkSn,
    projectSn: B,
    actSn: `${B}-course-04`,
    amount: 1,
    phone: '13900000000',
    tokenHash: 'scope-probe',
    expiresAt: new Date(Date.now() + 86_400_000),
    createdBy: 'test',
  });
});
after(async () => {
  await h.close();
});

interface Probe {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** As in the OpenAPI document, e.g. /ops/forms/{formSn}/submissions. */
  route: string;
  url: () => string;
  body?: () => Record<string, unknown>;
  area: OpsArea;
}

const formField = [{ keyName: 'NAME', label: '姓名' }];
/** A valid module, so the refusal seen is the scope's, not the body's. */
const notice = { moduleType: 'NOTICE', items: [{ text: '越权', jumpContent: { firstEnum: 'IMAGE_TEXT_WINDOWS' } }] };

/** A valid catalogue item, so the refusal seen is the scope's, not the body's. */
const catalogueItem = {
  actName: '越权',
  actType: 'GOODS',
  cover: '/static/x.png',
  price: 100,
  orderPayType: 1,
  deliveryType: 4,
};
/** Every /ops route that reads or changes one project's data, aimed at project B. */
const PROBES: Probe[] = [
  {
    method: 'POST',
    route: '/ops/coupon/templates',
    url: () => '/ops/coupon/templates',
    area: 'marketing',
    body: () => ({
      projectSn: B,
      couponName: '越权',
      couponType: 1,
      couponAmount: 100,
      validityType: 1,
      validityDays: 7,
    }),
  },
  {
    method: 'GET',
    route: '/ops/coupon/templates',
    url: () => `/ops/coupon/templates?projectSn=${B}`,
    area: 'marketing',
  },
  {
    method: 'POST',
    route: '/ops/coupon/claims',
    url: () => '/ops/coupon/claims',
    area: 'marketing',
    body: () => ({ projectSn: B, title: '越权', items: [{ couponSn: b.couponSn, stock: 1 }] }),
  },
  { method: 'GET', route: '/ops/coupon/claims', url: () => `/ops/coupon/claims?projectSn=${B}`, area: 'marketing' },
  {
    method: 'GET',
    route: '/ops/coupon/claims/{actSn}/qr',
    url: () => `/ops/coupon/claims/${b.claimSn}/qr`,
    area: 'marketing',
  },
  {
    method: 'POST',
    route: '/ops/card/batches',
    url: () => '/ops/card/batches',
    area: 'marketing',
    body: () => ({ projectSn: B, cardName: '越权', count: 1 }),
  },
  { method: 'GET', route: '/ops/card/batches', url: () => `/ops/card/batches?projectSn=${B}`, area: 'marketing' },
  // The marketing console's changes, each finding its record by id (a seeded batch of B).
  ...(
    [
      ['PATCH', '/ops/v1/coupon/templates/{couponSn}', () => `/ops/v1/coupon/templates/${b.couponSn}`],
      ['POST', '/ops/v1/coupon/templates/{couponSn}/end', () => `/ops/v1/coupon/templates/${b.couponSn}/end`],
      ['PATCH', '/ops/v1/coupon/claims/{actSn}', () => `/ops/v1/coupon/claims/${b.claimSn}`],
      ['POST', '/ops/v1/coupon/claims/{actSn}/end', () => `/ops/v1/coupon/claims/${b.claimSn}/end`],
      ['POST', '/ops/v1/card/batches/{batchSn}/export', () => `/ops/v1/card/batches/${B}-card-lesson/export`],
      ['POST', '/ops/v1/card/batches/{batchSn}/void', () => `/ops/v1/card/batches/${B}-card-lesson/void`],
    ] as const
  ).map(([method, route, url]): Probe => ({
    method,
    route,
    url,
    area: 'marketing',
    body:
      method === 'PATCH'
        ? () =>
            route.includes('claims')
              ? { title: '越权', items: [{ couponSn: b.couponSn, stock: 1 }] }
              : { couponName: '越权', couponType: 1, couponAmount: 100, validityType: 1, validityDays: 7 }
        : undefined,
  })),
  {
    method: 'POST',
    route: '/ops/v1/card/batches',
    url: () => '/ops/v1/card/batches',
    area: 'marketing',
    body: () => ({ projectSn: B, cardName: '越权', count: 1 }),
  },
  {
    method: 'POST',
    route: '/ops/forms',
    url: () => '/ops/forms',
    area: 'forms',
    body: () => ({ projectSn: B, title: '越权', fields: formField }),
  },
  { method: 'GET', route: '/ops/forms', url: () => `/ops/forms?projectSn=${B}`, area: 'forms' },
  {
    method: 'GET',
    route: '/ops/forms/{formSn}/submissions',
    url: () => `/ops/forms/${b.formSn}/submissions`,
    area: 'forms',
  },
  {
    method: 'GET',
    route: '/ops/forms/{formSn}/submissions.csv',
    url: () => `/ops/forms/${b.formSn}/submissions.csv`,
    area: 'forms',
  },
  { method: 'GET', route: '/ops/feedback', url: () => `/ops/feedback?projectSn=${B}`, area: 'feedback' },
  { method: 'GET', route: '/ops/feedback.csv', url: () => `/ops/feedback.csv?projectSn=${B}`, area: 'feedback' },
  {
    method: 'POST',
    route: '/ops/feedback/{feedbackSn}/handle',
    url: () => `/ops/feedback/${b.feedbackSn}/handle`,
    area: 'feedback',
    body: () => ({ note: '越权' }),
  },
  // Lists over every project, asked for B by name.
  { method: 'GET', route: '/ops/after-sales', url: () => `/ops/after-sales?projectSn=${B}`, area: 'after-sales' },
  {
    method: 'GET',
    route: '/ops/earnings/withdrawals',
    url: () => `/ops/earnings/withdrawals?projectSn=${B}`,
    area: 'withdrawals',
  },
  {
    method: 'GET',
    route: '/ops/earnings/promoters',
    url: () => `/ops/earnings/promoters?projectSn=${B}`,
    area: 'marketing',
  },
  {
    method: 'GET',
    route: '/ops/earnings/commission-rules',
    url: () => `/ops/earnings/commission-rules?projectSn=${B}`,
    area: 'marketing',
  },
  {
    method: 'GET',
    route: '/ops/orders/{orderNo}/course-change',
    url: () => `/ops/orders/${b.orderNo}/course-change`,
    area: 'after-sales',
  },
  {
    method: 'POST',
    route: '/ops/orders/{orderNo}/change-course',
    url: () => `/ops/orders/${b.orderNo}/change-course`,
    area: 'after-sales',
    body: () => ({ actSn: b.actSn }),
  },
  { method: 'GET', route: '/ops/orders/to-ship', url: () => `/ops/orders/to-ship?projectSn=${B}`, area: 'shipping' },
  {
    method: 'POST',
    route: '/ops/orders/{orderNo}/ship',
    url: () => `/ops/orders/${b.orderNo}/ship`,
    area: 'shipping',
    body: () => ({ carrierName: '顺丰速运', trackingNo: 'SF0000000001' }),
  },
  {
    method: 'GET',
    route: '/ops/after-sales/{applicationNo}',
    url: () => `/ops/after-sales/${b.applicationNo}`,
    area: 'after-sales',
  },
  ...(['agree', 'return', 'receive', 'refund'] as const).map((action): Probe => ({
    method: 'POST',
    route: `/ops/after-sales/{applicationNo}/${action}`,
    url: () => `/ops/after-sales/${b.applicationNo}/${action}`,
    area: 'after-sales',
    body: () => ({}),
  })),
  {
    method: 'POST',
    route: '/ops/after-sales/{applicationNo}/refuse',
    url: () => `/ops/after-sales/${b.applicationNo}/refuse`,
    area: 'after-sales',
    body: () => ({ reason: '越权' }),
  },
  {
    method: 'POST',
    route: '/ops/earnings/withdrawals/{withdrawalNo}/approve',
    url: () => `/ops/earnings/withdrawals/${b.withdrawalNo}/approve`,
    area: 'withdrawals',
  },
  {
    method: 'POST',
    route: '/ops/earnings/withdrawals/{withdrawalNo}/reject',
    url: () => `/ops/earnings/withdrawals/${b.withdrawalNo}/reject`,
    area: 'withdrawals',
    body: () => ({ reason: '越权' }),
  },
  {
    method: 'POST',
    route: '/ops/earnings/promoters',
    url: () => '/ops/earnings/promoters',
    area: 'marketing',
    body: () => ({ projectSn: B, phone: '13900000000' }),
  },
  {
    method: 'POST',
    route: '/ops/earnings/commission-rules',
    url: () => '/ops/earnings/commission-rules',
    area: 'marketing',
    body: () => ({ actSn: b.actSn, mode: 'FIXED', value: 1 }),
  },
  {
    method: 'POST',
    route: '/ops/earnings/orders/{orderNo}/refunded',
    url: () => `/ops/earnings/orders/${b.orderNo}/refunded`,
    area: 'after-sales',
    body: () => ({ refundedTotal: 0 }),
  },
  { method: 'GET', route: '/ops/v1/orders', url: () => `/ops/v1/orders?projectSn=${B}`, area: 'orders' },
  { method: 'GET', route: '/ops/v1/orders.csv', url: () => `/ops/v1/orders.csv?projectSn=${B}`, area: 'orders' },
  {
    method: 'GET',
    route: '/ops/v1/orders/{orderNo}',
    url: () => `/ops/v1/orders/${b.orderNo}`,
    area: 'orders',
  },
  {
    method: 'POST',
    route: '/ops/v1/orders/{orderNo}/cancel',
    url: () => `/ops/v1/orders/${b.orderNo}/cancel`,
    area: 'orders',
  },
  // 已拆封 / 已激活 marks on B's order.
  ...(['unsealed', 'activated'] as const).map((mark): Probe => ({
    method: 'POST',
    route: `/ops/v1/orders/{orderNo}/${mark}`,
    url: () => `/ops/v1/orders/${b.orderNo}/${mark}`,
    area: 'orders',
  })),
  // 访问控制 (pages): B's blocks, blocking B, lifting one of B's.
  {
    method: 'GET',
    route: '/ops/v1/access-blocks',
    url: () => `/ops/v1/access-blocks?projectSn=${B}`,
    area: 'pages',
  },
  {
    method: 'POST',
    route: '/ops/v1/access-blocks',
    url: () => '/ops/v1/access-blocks',
    area: 'pages',
    body: () => ({ projectSn: B, kind: 'PROJECT', reason: '越权' }),
  },
  {
    method: 'POST',
    route: '/ops/v1/access-blocks/{blockSn}/delete',
    url: () => `/ops/v1/access-blocks/${b.blockSn}/delete`,
    area: 'pages',
  },
  // 下单链接 (orders): B's links, the courses they may offer, issuing one for B and voiding one of B's.
  { method: 'GET', route: '/ops/v1/order-links', url: () => `/ops/v1/order-links?projectSn=${B}`, area: 'orders' },
  {
    method: 'GET',
    route: '/ops/v1/order-links/items',
    url: () => `/ops/v1/order-links/items?projectSn=${B}`,
    area: 'orders',
  },
  {
    method: 'POST',
    route: '/ops/v1/order-links',
    url: () => '/ops/v1/order-links',
    area: 'orders',
    body: () => ({
      projectSn: B,
      actSn: `${B}-course-04`,
      phone: '13900000000',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    }),
  },
  {
    method: 'POST',
    route: '/ops/v1/order-links/{linkSn}/void',
    url: () => `/ops/v1/order-links/${b.linkSn}/void`,
    area: 'orders',
  },
  // 页面装修 (pages): B's tabs, pages, modules, traffic links and columns.
  ...(
    [
      ['GET', '/ops/pages/tabs', `/ops/pages/tabs?projectSn=${B}`],
      [
        'PATCH',
        '/ops/pages/tabs/{tabIndex}',
        '/ops/pages/tabs/1',
        { projectSn: B, title: '越权', pageSn: `${B}-tab-2` },
      ],
      ['GET', '/ops/pages', `/ops/pages?projectSn=${B}`],
      ['GET', '/ops/pages/jump-options', `/ops/pages/jump-options?projectSn=${B}`],
      ['POST', '/ops/pages', '/ops/pages', { projectSn: B, title: '越权' }],
      ['PATCH', '/ops/pages/{pageSn}', `/ops/pages/${B}-custom-2`, { title: '越权' }],
      ['DELETE', '/ops/pages/{pageSn}', `/ops/pages/${B}-custom-2`],
      ['GET', '/ops/pages/{pageSn}/modules', `/ops/pages/${B}-home/modules`],
      ['POST', '/ops/pages/{pageSn}/modules', `/ops/pages/${B}-home/modules`, notice],
      ['POST', '/ops/pages/{pageSn}/modules/order', `/ops/pages/${B}-home/modules/order`, { moduleSns: ['x'] }],
      ['PATCH', '/ops/modules/{moduleSn}', `/ops/modules/${B}-home-m1`, notice],
      ['DELETE', '/ops/modules/{moduleSn}', `/ops/modules/${B}-home-m1`],
      ['GET', '/ops/traffic-links', `/ops/traffic-links?projectSn=${B}`],
      ['POST', '/ops/traffic-links', '/ops/traffic-links', { projectSn: B, jumpContent: { firstEnum: 'PAGE_INDEX' } }],
      [
        'PATCH',
        '/ops/traffic-links/{linkId}',
        `/ops/traffic-links/${B}-link-form`,
        { jumpContent: { firstEnum: 'PAGE_INDEX' } },
      ],
      ['GET', '/ops/columns', `/ops/columns?projectSn=${B}`],
      ['GET', '/ops/columns/item-options', `/ops/columns/item-options?projectSn=${B}`],
      ['POST', '/ops/columns', '/ops/columns', { projectSn: B, title: '越权' }],
      ['GET', '/ops/columns/{columnSn}', `/ops/columns/${B}-col-course`],
      ['PATCH', '/ops/columns/{columnSn}', `/ops/columns/${B}-col-course`, { title: '越权' }],
      ['PUT', '/ops/columns/{columnSn}/items', `/ops/columns/${B}-col-course/items`, { actSns: [] }],
      ['DELETE', '/ops/columns/{columnSn}', `/ops/columns/${B}-col-course`],
    ] as const
  ).map(([method, route, url, body]: readonly [Probe['method'], string, string, Record<string, unknown>?]): Probe => ({
    method,
    route,
    url: () => url,
    area: 'pages',
    ...(body ? { body: () => body } : {}),
  })),
  // 商品管理 (catalogue): B's items, their pictures and B's project settings.
  ...(
    [
      ['GET', '/ops/v1/catalogue/items', `/ops/v1/catalogue/items?projectSn=${B}`],
      ['POST', '/ops/v1/catalogue/items', '/ops/v1/catalogue/items', { ...catalogueItem, projectSn: B }],
      ['GET', '/ops/v1/catalogue/items/{actSn}', () => `/ops/v1/catalogue/items/${b.actSn}`],
      ['PATCH', '/ops/v1/catalogue/items/{actSn}', () => `/ops/v1/catalogue/items/${b.actSn}`, catalogueItem],
      ['DELETE', '/ops/v1/catalogue/items/{actSn}', () => `/ops/v1/catalogue/items/${b.actSn}`],
      ['POST', '/ops/v1/catalogue/items/{actSn}/publish', () => `/ops/v1/catalogue/items/${b.actSn}/publish`],
      ['POST', '/ops/v1/catalogue/items/{actSn}/unpublish', () => `/ops/v1/catalogue/items/${b.actSn}/unpublish`],
      ['GET', '/ops/v1/catalogue/upload-credentials', `/ops/v1/catalogue/upload-credentials?projectSn=${B}`],
      ['GET', '/ops/v1/projects/{projectSn}/settings', `/ops/v1/projects/${B}/settings`],
      ['PUT', '/ops/v1/projects/{projectSn}/settings', `/ops/v1/projects/${B}/settings`, { name: '越权' }],
      // B's item's reviews, sale areas and order rules (the scope follows the item, whatever the review id).
      ['GET', '/ops/v1/catalogue/items/{actSn}/reviews', () => `/ops/v1/catalogue/items/${b.actSn}/reviews`],
      [
        'PUT',
        '/ops/v1/catalogue/items/{actSn}/reviews/{commentId}/visibility',
        () => `/ops/v1/catalogue/items/${b.actSn}/reviews/ANY/visibility`,
        { hidden: true },
      ],
      [
        'PUT',
        '/ops/v1/catalogue/items/{actSn}/reviews/{commentId}/reply',
        () => `/ops/v1/catalogue/items/${b.actSn}/reviews/ANY/reply`,
        { reply: '越权' },
      ],
      ['GET', '/ops/v1/catalogue/items/{actSn}/areas', () => `/ops/v1/catalogue/items/${b.actSn}/areas`],
      [
        'PUT',
        '/ops/v1/catalogue/items/{actSn}/areas',
        () => `/ops/v1/catalogue/items/${b.actSn}/areas`,
        { mode: 'NONE' },
      ],
      ['GET', '/ops/v1/catalogue/items/{actSn}/order-rules', () => `/ops/v1/catalogue/items/${b.actSn}/order-rules`],
      [
        'PUT',
        '/ops/v1/catalogue/items/{actSn}/order-rules',
        () => `/ops/v1/catalogue/items/${b.actSn}/order-rules`,
        {},
      ],
      // 积分商品: B's points items (the scope follows the item).
      ['GET', '/ops/v1/integral/items', `/ops/v1/integral/items?projectSn=${B}`],
      [
        'POST',
        '/ops/v1/integral/items',
        '/ops/v1/integral/items',
        { projectSn: B, actSn: 'ANY', integralType: '', points: 100, cashAmount: 0 },
      ],
      ['GET', '/ops/v1/integral/items/{actSn}', () => `/ops/v1/integral/items/${b.actSn}`],
      [
        'PATCH',
        '/ops/v1/integral/items/{actSn}',
        () => `/ops/v1/integral/items/${b.actSn}`,
        { integralType: '', points: 100, cashAmount: 0 },
      ],
      ['POST', '/ops/v1/integral/items/{actSn}/end', () => `/ops/v1/integral/items/${b.actSn}/end`],
    ] as const
  ).map(([method, route, url, body]: readonly [Probe['method'], string, string | (() => string), object?]): Probe => ({
    method,
    route,
    url: typeof url === 'string' ? () => url : url,
    area: 'catalogue',
    ...(body ? { body: () => ({ ...body }) } : {}),
  })),
  ...(
    [
      ['GET', '/ops/v1/projects/{projectSn}/store-settings', `/ops/v1/projects/${B}/store-settings`],
      [
        'PUT',
        '/ops/v1/projects/{projectSn}/store-settings',
        `/ops/v1/projects/${B}/store-settings`,
        { projectEnum: 'DEFAULT', servicePhone: '4008008000', serviceHours: '越权' },
      ],
      [
        'PUT',
        '/ops/v1/projects/{projectSn}/agreements/{agreementSn}',
        `/ops/v1/projects/${B}/agreements/user-agreement`,
        { agreementName: '越权', agreementContent: '越权' },
      ],
    ] as const
  ).map(([method, route, url, body]: readonly [Probe['method'], string, string, object?]): Probe => ({
    method,
    route,
    url: () => url,
    area: 'settings',
    ...(body ? { body: () => ({ ...body }) } : {}),
  })),
  // A change across every project: refused to anyone who does not see them all.
  { method: 'POST', route: '/ops/earnings/settle', url: () => '/ops/earnings/settle', area: 'withdrawals' },
  { method: 'GET', route: '/ops/v1/audit', url: () => `/ops/v1/audit?projectSn=${B}`, area: 'audit' },
];

/** Lists over every project: a scoped operator's answer leaves B's records out. */
const LISTS = [
  {
    route: '/ops/after-sales',
    area: 'after-sales' as const,
    holdsB: (info: unknown) =>
      (info as { list: { applicationNo: string }[] }).list.some((a) => a.applicationNo === b.applicationNo),
  },
  {
    route: '/ops/earnings/withdrawals',
    area: 'withdrawals' as const,
    holdsB: (info: unknown) =>
      (info as { list: { withdrawalNo: string }[] }).list.some((w) => w.withdrawalNo === b.withdrawalNo),
  },
  {
    route: '/ops/v1/orders',
    area: 'orders' as const,
    holdsB: (info: unknown) => (info as { list: { projectSn: string }[] }).list.some((o) => o.projectSn === B),
  },
];

/** Routes with no project data of their own (the operator's own account, or owner-only accounts of everyone). */
const NO_PROJECT = new Set([
  'POST /ops/v1/auth/login',
  'POST /ops/v1/auth/logout',
  'GET /ops/v1/auth/me',
  'POST /ops/v1/auth/password',
  'GET /ops/v1/operators',
  'POST /ops/v1/operators',
  'PATCH /ops/v1/operators/{id}',
  'GET /ops/v1/projects',
  // The area picker's provinces and cities: reference data of no project.
  'GET /ops/v1/catalogue/areas',
]);

const accessOf = (method: string): OpsAccess => (method === 'GET' ? 'read' : 'write');
const SCOPED_ROLES: OperatorRole[] = ['operator', 'finance', 'support'];
/** A role other than owner that may use the area, so the refusal seen is the project's, not the role's. */
const roleFor = (area: OpsArea, access: OpsAccess) => SCOPED_ROLES.find((r) => mayAccess(r, area, access));

describe('project scope', () => {
  test('every /ops route of the OpenAPI document is probed or has no project data', async () => {
    const doc = h.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const probed = new Set([...PROBES.map((p) => `${p.method} ${p.route}`), ...LISTS.map((l) => `GET ${l.route}`)]);
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/ops/')) continue;
      for (const method of Object.keys(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        if (!probed.has(key) && !NO_PROJECT.has(key)) missing.push(key);
      }
    }
    assert.deepEqual(missing, [], 'an /ops route without a project probe');
  });

  test("an operator of project A is refused project B's data on every route", async () => {
    const sessions = new Map<OperatorRole, string>();
    for (const role of SCOPED_ROLES) sessions.set(role, (await operatorSession(h, role, [A])).token);
    for (const probe of PROBES) {
      const access = accessOf(probe.method);
      // Where only the owner (who sees every project) may write, a reader of A tries it: its role refuses first.
      const role = roleFor(probe.area, access) ?? roleFor(probe.area, 'read');
      assert.ok(role, `no scoped role may use ${probe.area}`);
      const res = await opsCall(h, probe.method, probe.url(), sessions.get(role)!, probe.body?.());
      const what = `${role} ${probe.method} ${probe.url()}`;
      assert.equal(res.status, 403, `${what}: ${res.raw.body}`);
      assert.equal(res.body.message, mayAccess(role, probe.area, access) ? M.forbiddenProject : M.forbiddenRole, what);
    }
    // B's records are as they were.
    const [app] = await h.database.db
      .select()
      .from(afterSaleApplications)
      .where(eq(afterSaleApplications.applicationNo, b.applicationNo));
    assert.equal(app.state, 'APPLIED');
    const [w] = await h.database.db.select().from(withdrawals).where(eq(withdrawals.withdrawalNo, b.withdrawalNo));
    assert.equal(w.status, 'REVIEWING');
    const [fb] = await h.database.db.select().from(feedback).where(eq(feedback.feedbackSn, b.feedbackSn));
    assert.equal(fb.status, 'PENDING');
    const [link] = await h.database.db.select().from(orderLinks).where(eq(orderLinks.linkSn, b.linkSn));
    assert.equal(link.voidedAt, null);
    const made = await h.database.db
      .select()
      .from(couponTemplates)
      .where(and(eq(couponTemplates.projectSn, B), eq(couponTemplates.couponName, '越权')));
    assert.equal(made.length, 0);
  });

  test("lists over every project leave B's records out for an operator of A, and show them to B's", async () => {
    for (const list of LISTS) {
      const role = roleFor(list.area, 'read')!;
      const ofA = await operatorSession(h, role, [A]);
      const ofB = await operatorSession(h, role, [B]);
      const seenByA = await opsCall(h, 'GET', list.route, ofA.token);
      assert.equal(seenByA.status, 200, seenByA.raw.body);
      assert.equal(list.holdsB(seenByA.body.info), false, `${list.route} shows B to A`);
      const seenByB = await opsCall(h, 'GET', list.route, ofB.token);
      assert.equal(list.holdsB(seenByB.body.info), true, `${list.route} hides B from B`);
    }
  });

  test("the project switcher lists only the operator's projects", async () => {
    const { token } = await operatorSession(h, 'support', [A]);
    const res = await opsCall(h, 'GET', '/ops/v1/projects', token);
    assert.equal(res.status, 200);
    assert.deepEqual(
      (res.body.info as { list: { projectSn: string }[] }).list.map((p) => p.projectSn),
      [A],
    );
  });
});

/** One route per area and access the server has (areas without /ops routes yet have no sample). */
const SAMPLES: Array<{ area: OpsArea; access: OpsAccess; method: Probe['method']; url: string; body?: object }> = [
  { area: 'operators', access: 'read', method: 'GET', url: '/ops/v1/operators' },
  {
    area: 'operators',
    access: 'write',
    method: 'PATCH',
    url: '/ops/v1/operators/999999',
    body: { displayName: '改名' },
  },
  { area: 'audit', access: 'read', method: 'GET', url: '/ops/v1/audit' },
  { area: 'catalogue', access: 'read', method: 'GET', url: `/ops/v1/catalogue/items?projectSn=${B}` },
  { area: 'catalogue', access: 'write', method: 'POST', url: '/ops/v1/catalogue/items/NO-SUCH-ITEM/unpublish' },
  { area: 'marketing', access: 'read', method: 'GET', url: `/ops/coupon/templates?projectSn=${B}` },
  {
    area: 'marketing',
    access: 'write',
    method: 'POST',
    url: '/ops/card/batches',
    body: { projectSn: B, cardName: '角色测试', count: 1 },
  },
  { area: 'forms', access: 'read', method: 'GET', url: `/ops/forms?projectSn=${B}` },
  {
    area: 'forms',
    access: 'write',
    method: 'POST',
    url: '/ops/forms',
    body: { projectSn: B, title: '角色测试', fields: formField },
  },
  { area: 'pages', access: 'read', method: 'GET', url: `/ops/pages?projectSn=${B}` },
  { area: 'pages', access: 'write', method: 'PATCH', url: '/ops/pages/NO-SUCH-PAGE', body: { title: '角色测试' } },
  { area: 'feedback', access: 'read', method: 'GET', url: `/ops/feedback?projectSn=${B}` },
  {
    area: 'feedback',
    access: 'write',
    method: 'POST',
    url: '/ops/feedback/NO-SUCH-FEEDBACK/handle',
    body: { note: '角色测试' },
  },
  { area: 'shipping', access: 'read', method: 'GET', url: `/ops/orders/to-ship?projectSn=${B}` },
  {
    area: 'shipping',
    access: 'write',
    method: 'POST',
    url: '/ops/orders/NO-SUCH-ORDER/ship',
    body: { carrierName: '顺丰速运', trackingNo: 'SF1' },
  },
  { area: 'after-sales', access: 'read', method: 'GET', url: '/ops/after-sales' },
  {
    area: 'after-sales',
    access: 'write',
    method: 'POST',
    url: '/ops/after-sales/NO-SUCH-APPLICATION/refuse',
    body: { reason: '角色测试' },
  },
  { area: 'settings', access: 'read', method: 'GET', url: `/ops/v1/projects/${B}/store-settings` },
  {
    area: 'settings',
    access: 'write',
    method: 'PUT',
    url: '/ops/v1/projects/NO-SUCH-PROJECT/store-settings',
    body: { projectEnum: 'DEFAULT', servicePhone: '4008008000', serviceHours: '角色测试' },
  },
  { area: 'orders', access: 'read', method: 'GET', url: '/ops/v1/orders' },
  { area: 'orders', access: 'write', method: 'POST', url: '/ops/v1/orders/NO-SUCH-ORDER/cancel' },
  { area: 'withdrawals', access: 'read', method: 'GET', url: '/ops/earnings/withdrawals' },
  {
    area: 'withdrawals',
    access: 'write',
    method: 'POST',
    url: '/ops/earnings/withdrawals/NO-SUCH-WITHDRAWAL/reject',
    body: { reason: '角色测试' },
  },
];

describe('roles', () => {
  test('each role is refused exactly where the roles table says, and allowed elsewhere', async () => {
    for (const role of ['owner', ...SCOPED_ROLES] as OperatorRole[]) {
      const { token } = await operatorSession(h, role, [B]);
      for (const s of SAMPLES) {
        const res = await opsCall(h, s.method, s.url, token, s.body);
        const what = `${role} ${s.access} ${s.area}: ${s.method} ${s.url} -> ${res.status} ${res.raw.body}`;
        if (mayAccess(role, s.area, s.access)) {
          assert.notEqual(res.status, 403, what);
          assert.ok(res.status < 500, what);
        } else {
          assert.equal(res.status, 403, what);
          assert.equal(res.body.message, M.forbiddenRole, what);
        }
      }
    }
  });

  test('the OPS_KEY acts as an owner and is audited as OPS_KEY', async () => {
    const res = await h.inject({
      method: 'POST',
      url: '/ops/forms',
      headers: { authorization: `Bearer ${h.config.opsKey}` },
      payload: { projectSn: B, title: '脚本表单', fields: formField },
    });
    assert.equal(res.status, 200, res.raw.body);
    const { token } = await operatorSession(h, 'owner', []);
    const audit = await opsCall(h, 'GET', '/ops/v1/audit?action=form.create', token);
    const entry = (audit.body.info as { list: { actor: string; after: { title: string } }[] }).list.find(
      (e) => e.after.title === '脚本表单',
    );
    assert.equal(entry?.actor, 'OPS_KEY');
  });
});
