/** Restricted-area rule of §5 for delivery addresses. */

export interface AreaIds {
  provinceId: string;
  cityId: string;
  areaId: string;
}

export interface RestrictedArea {
  provinceId: string;
  cityId: string | null;
  areaId: string | null;
  name: string;
}

export const AREA_UNSUPPORTED = '当前地区暂不支持购买，请切换地址再提交订单!';

/** A restriction names a province, a city in it, or an area in that city; a shorter one covers everything below. */
function matches(address: AreaIds, r: RestrictedArea): boolean {
  if (r.provinceId !== address.provinceId) return false;
  if (r.cityId && r.cityId !== address.cityId) return false;
  if (r.areaId && r.areaId !== address.areaId) return false;
  return true;
}

/** §5: invalid when any id is -1, or province / province+city / province+city+area matches a restriction. */
export function isAreaRestricted(address: AreaIds, restricted: readonly RestrictedArea[]): boolean {
  if ([address.provinceId, address.cityId, address.areaId].some((id) => String(id) === '-1')) return true;
  return restricted.some((r) => matches(address, r));
}

/**
 * The message when choosing an address: the names of the restrictions this address falls in (not every area the
 * item refuses, which can be dozens), then "special areas are not supported yet".
 */
export function restrictedAreaMessage(address: AreaIds, restricted: readonly RestrictedArea[]): string {
  const names = restricted.filter((r) => matches(address, r)).map((r) => r.name);
  if (!names.length) return '该地区暂不支持购买，请更换地址';
  return `${names.join('、')}等特殊地区暂不支持购买`;
}
