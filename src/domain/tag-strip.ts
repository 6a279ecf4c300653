/**
 * The tag strip of §2 (套餐, 定金+尾款, 分N期, 含N个课程), read from an activity or course detail.
 * Pure: takes the few fields it needs, so cards and details can share it.
 */
import { ORDER_PAY_TYPES } from './catalogue';

export interface TagStripSource {
  isPackage: boolean;
  orderPayType: number;
  installmentNum: number | null;
  packages: readonly { courses: readonly { courseSn: string }[] }[];
}

/** Distinct courses across the item's packages (a course in two packages counts once). */
export function packageCourseCount(packages: TagStripSource['packages']): number {
  const seen = new Set<string>();
  for (const p of packages) for (const c of p.courses) seen.add(c.courseSn);
  return seen.size;
}

export function tagStrip(item: TagStripSource): string[] {
  const tags: string[] = [];
  if (item.isPackage) tags.push('套餐');
  if (item.orderPayType === ORDER_PAY_TYPES.DEPOSIT) tags.push('定金+尾款');
  if (item.orderPayType === ORDER_PAY_TYPES.INSTALLMENT && item.installmentNum && item.installmentNum > 0) {
    tags.push(`分${item.installmentNum}期`);
  }
  const courses = item.isPackage ? packageCourseCount(item.packages) : 0;
  if (courses > 0) tags.push(`含${courses}个课程`);
  return tags;
}
