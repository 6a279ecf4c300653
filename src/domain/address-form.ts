/** Address form checks, with the same Chinese messages as the server's (contract/address.ts). */
import { ADDRESS_DETAIL_MAX, CONSIGNEE_NAME_MAX } from '@contract/constants';

export interface AddressFormInput {
  consigneeName: string;
  consigneeTelephone: string;
  provinceId: string;
  cityId: string;
  areaId: string;
  fullAddress: string;
}

const PHONE = /^1[3-9]\d{9}$/;

/** The first problem, in the order the fields appear, or null. */
export function validateAddressForm(f: AddressFormInput): string | null {
  const name = f.consigneeName.trim();
  if (!name) return '请输入收货人姓名';
  if (name.length > CONSIGNEE_NAME_MAX) return `收货人姓名不能超过${CONSIGNEE_NAME_MAX}个字`;
  const phone = f.consigneeTelephone.trim();
  if (!phone) return '请输入手机号码';
  if (!PHONE.test(phone)) return '请输入正确的手机号码';
  if (!f.provinceId || !f.cityId || !f.areaId) return '请选择所在地区';
  const detail = f.fullAddress.trim();
  if (!detail) return '请输入详细地址';
  if (detail.length > ADDRESS_DETAIL_MAX) return `详细地址不能超过${ADDRESS_DETAIL_MAX}个字`;
  return null;
}
