/**
 * 下单链接 (single-use order links, §3 creatType LINK): an operator offers one customer, by phone, one course at
 * one of its prices until an expiry (/ops/v1/order-links); the customer opens the link's URL and lands on the course
 * order submit with that item, package and price fixed, and no coupons (§6). A bad, expired, voided or used link,
 * or another customer's, answers §8 1002. Money is integer fen; times are ISO 8601 with an offset (the console
 * sends China time, +08:00).
 */
import { z } from 'zod';
import { PHONE_PATTERN, signedFields } from './common';

/** The longest an operator may keep a link open, in days. */
export const ORDER_LINK_MAX_DAYS = 30;
/** The query parameter of the order-submit page that carries the link's token. */
export const ORDER_LINK_PARAM = 'orderLink';

export const ORDER_LINK_STATES = ['UNUSED', 'ORDERED', 'EXPIRED', 'VOIDED'] as const;
export type OrderLinkState = (typeof ORDER_LINK_STATES)[number];
export const ORDER_LINK_STATE_TEXT: Record<OrderLinkState, string> = {
  UNUSED: '未使用',
  ORDERED: '已下单',
  EXPIRED: '已过期',
  VOIDED: '已作废',
};

export const ORDER_LINK_MESSAGES = {
  itemMissing: '所选课程不存在、未上架或不属于本项目',
  packageRequired: '请选择套餐',
  packageMissing: '所选套餐不存在',
  noPackages: '该课程没有套餐，请按售价下单',
  expiryPast: '失效时间须晚于现在',
  expiryTooLate: `失效时间不能晚于${ORDER_LINK_MAX_DAYS}天后`,
  notFound: '下单链接不存在',
  alreadyUsed: '该链接已下单，不能作废',
  alreadyVoided: '该链接已作废',
} as const;

const sn = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(64, '编号格式不正确')
    .regex(/^[A-Za-z0-9_-]+$/, '编号格式不正确');

export const opsOrderLinkFields = z.object({
  projectSn: sn('缺少项目编号'),
  actSn: sn('请选择课程'),
  /** One of the course's packages; null for a course without packages (its own 售价). */
  packageSn: sn('请选择套餐').nullable().default(null),
  phone: z
    .string({ error: '请输入客户手机号' })
    .trim()
    .min(1, '请输入客户手机号')
    .regex(PHONE_PATTERN, '请输入正确的手机号码'),
  expiresAt: z.iso.datetime({ offset: true, error: '请选择失效时间（北京时间）' }),
  note: z.string({ error: '备注须为文字' }).trim().max(40, '备注不能超过40个字').default(''),
});
export const opsOrderLinkBody = opsOrderLinkFields;
export type OpsOrderLinkInput = z.infer<typeof opsOrderLinkBody>;

export const opsOrderLinkQuery = z.object({ projectSn: sn('缺少项目编号') });
export const opsOrderLinkParams = z.object({ linkSn: sn('缺少链接编号') });

export const opsOrderLinkSchema = z.object({
  linkSn: z.string(),
  projectSn: z.string(),
  actSn: z.string(),
  actName: z.string(),
  packageSn: z.string().nullable(),
  packageName: z.string().nullable(),
  /** The order total offered, fen. */
  amount: z.number().int(),
  phone: z.string(),
  note: z.string(),
  state: z.enum(ORDER_LINK_STATES),
  expiresAt: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  orderNo: z.string().nullable(),
  usedAt: z.string().nullable(),
});
export type OpsOrderLink = z.infer<typeof opsOrderLinkSchema>;
export const opsOrderLinkList = z.object({ list: z.array(opsOrderLinkSchema) });

/** The answer to issuing: the link, its URL (the only time the token leaves the server) and its QR code. */
export const opsOrderLinkIssued = z.object({
  link: opsOrderLinkSchema,
  url: z.string(),
  /** A PNG data URL of the URL; null when the server has no QR encoder (the URL still works). */
  qr: z.string().nullable(),
});

/** What an operator may offer: the project's courses on sale, each with its prices (its packages, or itself). */
export const opsOrderLinkItems = z.object({
  list: z.array(
    z.object({
      actSn: z.string(),
      actName: z.string(),
      choices: z.array(
        z.object({
          packageSn: z.string().nullable(),
          /** 售价 or the package's name. */
          name: z.string(),
          /** The order total a link at this choice offers, fen. */
          amount: z.number().int(),
        }),
      ),
    }),
  ),
});

/** The storefront's confirmation by link: any token not issued, or no longer usable, answers §8 1002. */
export const confirmByLinkQuery = z.object({
  ...signedFields,
  orderLink: z.string({ error: '缺少下单链接' }).trim().min(1, '缺少下单链接').max(2048, '下单链接格式不正确'),
});
