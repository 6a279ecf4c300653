/**
 * Card vouchers and card-secret redeem (§3 card voucher states, §7 Card): the customer's vouchers, one voucher's
 * details and history, and the two steps of a redeem (check what a code gives, then redeem it).
 */
import { z } from 'zod';
import { pageQuery, paged, signedFields } from './common';

/** A voucher number or a voucherSn: letters, digits, '-' and '_'. */
const voucherSn = z
  .string({ error: '缺少卡券编号' })
  .trim()
  .min(1, '缺少卡券编号')
  .max(64, '卡券编号格式不正确')
  .regex(/^[A-Za-z0-9_-]+$/, '卡券编号格式不正确');

/** §3: 1 usable, 3 used, 4 expired, 5 invalid; refundState 2 refunded. */
export const CARD_STATES = { USABLE: 1, USED: 3, EXPIRED: 4, INVALID: 5 } as const;
export const CARD_REFUNDED = 2;

export const cardListQuery = z.object({ ...signedFields, ...pageQuery });

export const cardCouponSchema = z.object({
  couponSn: z.string(),
  couponName: z.string(),
  couponType: z.number().int(),
  couponAmount: z.number().int(),
  threshold: z.number().int(),
});

export const cardVoucherSchema = z.object({
  voucherSn: z.string(),
  cardName: z.string(),
  /** The voucher number shown with 复制. */
  cardNo: z.string(),
  faceValue: z.number().int(),
  description: z.string(),
  instructions: z.string(),
  state: z.number().int(),
  refundState: z.number().int(),
  startTime: z.string(),
  endTime: z.string(),
  usedAt: z.string().nullable(),
  createdAt: z.string(),
  coupons: z.array(cardCouponSchema),
});
export type CardVoucher = z.infer<typeof cardVoucherSchema>;
export const cardListInfo = paged(cardVoucherSchema);

export const cardDetailsParams = z.object({ id: voucherSn });
export const cardDetailsQuery = z.object({ ...signedFields });

export const cardHistoryQuery = z.object({ ...signedFields, voucherSn, ...pageQuery });
export const cardEventSchema = z.object({ eventId: z.string(), title: z.string(), note: z.string(), at: z.string() });
export type CardEvent = z.infer<typeof cardEventSchema>;
export const cardHistoryInfo = paged(cardEventSchema);

/** POST /front/v1/client/card/code/{id} with id = check (see what it gives) or redeem. */
/** The secret travels in the body, never in a URL (URLs end up in logs). Shape is checked after normalising. */
export const cardCodeBody = z.object({
  ...signedFields,
  cardCode: z.string({ error: '请输入卡密' }).trim().min(1, '请输入卡密').max(64, '卡密格式不正确，请核对后重新输入'),
});

/** What a code redeems to. */
export const cardPreviewSchema = z.object({
  cardName: z.string(),
  faceValue: z.number().int(),
  description: z.string(),
  instructions: z.string(),
  validityDays: z.number().int(),
  coupons: z.array(cardCouponSchema),
});
export type CardPreview = z.infer<typeof cardPreviewSchema>;
export const cardCheckInfo = z.object({ preview: cardPreviewSchema });
export const cardRedeemInfo = z.object({ voucher: cardVoucherSchema });
