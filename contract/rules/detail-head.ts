/**
 * What the head of an activity or course detail shows beside the name: the price text and the §2 tag strip
 * (套餐, 定金+尾款, 分N期, 含N个课程). Pure: the storefront draws the head from it, and the server draws a shared
 * link's first screen with the same words (server/src/domains/pages/first-screen-detail.ts).
 */
import { ORDER_PAY_TYPES } from '../constants';
import { pointsPriceText, type PointsPrice } from './integral';
import { formatMoney } from './money';

/** An item's price as the detail and the cards show it: points (and cash) for points items, 免费 at zero. */
export function itemPriceText(price: number, pointsPrice: PointsPrice | null | undefined): string {
  if (pointsPrice) return pointsPriceText(pointsPrice);
  return price === 0 ? '免费' : formatMoney(price);
}

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
