/**
 * A shared item's first screen (cover, name, price, tags, summary) for the page the server draws at the item's public
 * address (domains/pages/first-screen-detail.ts). Read from the read model the details call answers from
 * (order/confirm's onlineItemWithConfig), so the drawn words are the ones the app draws next, and an operator's change
 * reaches both at once.
 */
import { itemPriceText, tagStrip } from '@contract/rules/detail-head';
import { formatMoney } from '@contract/rules/money';
import { AppError } from '../../runtime/http';
import type { Db } from '../../runtime/database/plugin';
import { onlineItemWithConfig } from '../order/confirm';
import { extrasOf } from './items';
import { detailRoute } from './service';

export interface SharedItem {
  actSn: string;
  /** The storefront's hash route of the item's detail (pages/activity/activityDetail or courseDetail). */
  route: string;
  actName: string;
  /** The gallery's first picture (the cover, else the first image); '' when the item has none. */
  picture: string;
  priceText: string;
  /** The struck-through price, when the detail shows one. */
  originalText: string | null;
  sales: number;
  depositText: string | null;
  tags: string[];
  summary: string | null;
}

export interface SharedItemScreen {
  item: SharedItem | null;
  /** The cached read-model object the answer was made from: the same object means the same page (memo key). */
  source: unknown;
}

/** The item as the detail's head draws it (components/activity-detail); null when it is not online in the project. */
export async function sharedItemScreen(db: Db, projectSn: string, actSn: string): Promise<SharedItemScreen> {
  const online = await onlineItemWithConfig(db, projectSn, actSn).catch((err: unknown) => {
    if (err instanceof AppError && err.statusCode === 404) return null;
    throw err;
  });
  if (!online) return { item: null, source: null };
  const { a, config, pointsPrice } = online;
  const x = extrasOf(a);
  // The detail shows the price of the package 立即报名 orders: the first one until the customer picks another.
  const price = config.packages[0]?.price ?? a.price;
  const picture = [a.cover, ...(x.images ?? [])].find(Boolean) ?? '';
  const isPackage = config.packages.length > 0;
  return {
    source: online,
    item: {
      actSn: a.actSn,
      route: detailRoute(a.actType),
      actName: a.actName,
      picture,
      priceText: itemPriceText(price, pointsPrice),
      originalText: a.originalPrice && a.originalPrice > price && !pointsPrice ? formatMoney(a.originalPrice) : null,
      sales: a.sales,
      depositText:
        config.orderPayType === 2 && config.depositAmount ? `定金 ${formatMoney(config.depositAmount)}` : null,
      tags: tagStrip({
        isPackage,
        orderPayType: config.orderPayType,
        installmentNum: config.orderPayType === 3 ? (config.installmentNum ?? null) : null,
        packages: config.packages,
      }),
      summary: x.summary || null,
    },
  };
}
