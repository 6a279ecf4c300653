/**
 * Operator API of an item's extras (/ops/v1/catalogue/items/:actSn/...), each edited on its own tab of the console's
 * item page: its reviews (hide, show, the merchant's reply), the areas that may order it, and its order rules
 * (household course with its §3 hold types, the applicant fields of §3/§5 and their validators).
 */
import { z } from 'zod';
import { HOLD_TYPES } from './constants';
import { FIELD_KEYS } from './order';

export const REVIEW_REPLY_MAX = 200;

export const reviewParams = z.object({
  actSn: z.string().trim().min(1).max(64),
  commentId: z.string().trim().min(1).max(64),
});

export const opsReviewRow = z.object({
  commentId: z.string(),
  nickName: z.string(),
  score: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  createdAt: z.string(),
  /** Hidden reviews are kept but no longer listed or counted in the storefront. */
  hidden: z.boolean(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
});
export type OpsReviewRow = z.infer<typeof opsReviewRow>;
export const opsReviewList = z.object({ list: z.array(opsReviewRow) });

export const reviewVisibilityBody = z.object({ hidden: z.boolean({ error: '请选择显示或隐藏' }) });
export const reviewReplyBody = z.object({
  reply: z
    .string({ error: '请输入回复内容' })
    .trim()
    .min(1, '请输入回复内容')
    .max(REVIEW_REPLY_MAX, `回复不能超过${REVIEW_REPLY_MAX}个字`),
});

/** NONE: everyone; ONLY: just the areas listed; EXCEPT: everyone but the areas listed (§3 invalidAreas). */
export const AREA_MODES = ['NONE', 'ONLY', 'EXCEPT'] as const;
export const AREA_MODE_TEXT: Record<(typeof AREA_MODES)[number], string> = {
  NONE: '不限地区',
  ONLY: '仅限所选地区可购买',
  EXCEPT: '所选地区不可购买',
};
const areaCode = z.string().regex(/^\d{6}$/, '地区编码须为6位数字');
export const pickedArea = z.object({ provinceId: areaCode, cityId: areaCode.nullable().default(null) });
export const areaRestrictionBody = z
  .object({
    mode: z.enum(AREA_MODES, { error: '请选择销售地区方式' }),
    areas: z.array(pickedArea).max(400, '所选地区过多').default([]),
  })
  .refine((b) => b.mode === 'NONE' || b.areas.length > 0, { message: '请至少选择一个地区', path: ['areas'] });
export type AreaRestrictionInput = z.input<typeof areaRestrictionBody>;
export const areaRestrictionSchema = z.object({
  mode: z.enum(AREA_MODES),
  areas: z.array(z.object({ provinceId: z.string(), cityId: z.string().nullable(), name: z.string() })),
  /** How many areas the order refuses (what the storefront checks). */
  refusedCount: z.number().int(),
});
export type AreaRestriction = z.infer<typeof areaRestrictionSchema>;

/** The area tree the picker shows: provinces with their cities (the storefront's own @vant/area-data). */
export const areaTreeSchema = z.object({
  list: z.array(
    z.object({
      value: z.string(),
      label: z.string(),
      children: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
  ),
});

export const HOLD_TYPE_KEYS = Object.keys(HOLD_TYPES) as ['TRAILING_HOLD', 'TALENT_IN'];
export const FIELD_KEY_TEXT: Record<(typeof FIELD_KEYS)[number], string> = {
  TEXT: '文本',
  NAME: '姓名',
  IDCARD: '身份证号',
  IDCARD_OUT: '港澳台及境外证件',
  NUMBER: '数字',
  PHONE: '手机号',
  EMAIL: '邮箱',
  ADDRESS: '地址',
};

export const applicantFieldInput = z.object({
  /** The field's 6-character id (§9); the server gives a new field one. */
  nKey: z
    .string()
    .regex(/^[A-Za-z0-9]{6}$/, '字段编号须为6位字母或数字')
    .optional(),
  keyName: z.enum(FIELD_KEYS, { error: '请选择字段类型' }),
  label: z.string({ error: '请填写字段名称' }).trim().min(1, '请填写字段名称').max(20, '字段名称不能超过20个字'),
  required: z.boolean().default(true),
  multiline: z.boolean().default(false),
  /** Shown under the form when this field stops the order (empty: the validator's own §5 message). */
  submitTips: z.string().trim().max(40, '提示不能超过40个字').nullable().default(null),
});

export const orderRulesBody = z
  .object({
    isHousehold: z.boolean().default(false),
    holdTypes: z
      .array(z.enum(HOLD_TYPE_KEYS, { error: '入户类型不存在' }))
      .max(2)
      .default([]),
    restrict: z.array(applicantFieldInput).max(20, '报名信息最多 20 项').default([]),
  })
  .refine((b) => !b.isHousehold || b.holdTypes.length > 0, {
    message: '入户课程请至少选择一种入户类型',
    path: ['holdTypes'],
  })
  .refine((b) => new Set(b.restrict.map((f) => f.label)).size === b.restrict.length, {
    message: '报名信息的字段名称不能重复',
    path: ['restrict'],
  });
export type OrderRulesInput = z.input<typeof orderRulesBody>;
export const orderRulesSchema = z.object({
  isHousehold: z.boolean(),
  holdTypes: z.array(z.enum(HOLD_TYPE_KEYS)),
  restrict: z.array(
    applicantFieldInput.extend({ nKey: z.string(), submitTips: z.string().nullable(), required: z.boolean() }),
  ),
});
export type OrderRules = z.infer<typeof orderRulesSchema>;
