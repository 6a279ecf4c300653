/** Delivery addresses and the area tree (§3 address, §7 forms and address). */
import { z } from 'zod';
import { PHONE_PATTERN, signedFields } from './common';

export const addressSchema = z.object({
  addressId: z.string(),
  provinceId: z.string(),
  cityId: z.string(),
  areaId: z.string(),
  /** "广东省 深圳市 南山区" */
  fullAreaName: z.string(),
  /** [provinceId, cityId, areaId] */
  ids: z.array(z.string()),
  consigneeName: z.string(),
  consigneeTelephone: z.string(),
  /** Street and house number. */
  fullAddress: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

import { ADDRESS_DETAIL_MAX, CONSIGNEE_NAME_MAX } from './constants';

export { ADDRESS_DETAIL_MAX, CONSIGNEE_NAME_MAX };

/** Create (no addressId) or update (with addressId). */
export const addressSaveBody = z.object({
  ...signedFields,
  addressId: z.string().max(64).optional(),
  consigneeName: z
    .string({ error: '请输入收货人姓名' })
    .trim()
    .min(1, '请输入收货人姓名')
    .max(CONSIGNEE_NAME_MAX, `收货人姓名不能超过${CONSIGNEE_NAME_MAX}个字`),
  consigneeTelephone: z
    .string({ error: '请输入手机号码' })
    .trim()
    .min(1, '请输入手机号码')
    .regex(PHONE_PATTERN, '请输入正确的手机号码'),
  provinceId: z.string({ error: '请选择所在地区' }).trim().min(1, '请选择所在地区'),
  cityId: z.string({ error: '请选择所在地区' }).trim().min(1, '请选择所在地区'),
  areaId: z.string({ error: '请选择所在地区' }).trim().min(1, '请选择所在地区'),
  fullAddress: z
    .string({ error: '请输入详细地址' })
    .trim()
    .min(1, '请输入详细地址')
    .max(ADDRESS_DETAIL_MAX, `详细地址不能超过${ADDRESS_DETAIL_MAX}个字`),
  isDefault: z.boolean().default(false),
});
export type AddressSave = z.infer<typeof addressSaveBody>;

export const addressIdParams = z.object({ id: z.string().min(1).max(64) });
export const addressListInfo = z.object({ list: z.array(addressSchema) });

export const areaChildQuery = z.object({
  ...signedFields,
  /** Empty or '0' for the provinces. */
  parentId: z.string().max(12).default('0'),
});
export const areaSchema = z.object({ id: z.string(), name: z.string(), hasChildren: z.boolean() });
export type Area = z.infer<typeof areaSchema>;
export const areaChildInfo = z.object({ list: z.array(areaSchema) });
