import type { ReactNode } from 'react';
import type { ActivityDetail } from '@contract/activity';
import { formatMoney } from '@contract/rules/money';
import { itemPriceText } from '../../domain/catalogue';
import Box from '../box';
import TagStrip from '../tag-strip';

interface DetailHeadProps {
  detail: ActivityDetail;
  /** The price of what 立即报名 orders (the chosen package's, else the item's). */
  price: number;
  /** The share entry at the right of the price row. */
  share: ReactNode;
}

/**
 * Price, sales, deposit, name, tags and summary: the first screen of a shared link. The server draws the same blocks at
 * the same boxes into the item's shared page (server/src/domains/pages/first-screen-detail.ts): change both together.
 */
export default function DetailHead({ detail: d, price, share }: DetailHeadProps) {
  return (
    <Box className="sf-act__block sf-act__head">
      <Box className="sf-act__price-row">
        <Box className="sf-price sf-act__price">{itemPriceText(price, d.pointsPrice)}</Box>
        {d.originalPrice && d.originalPrice > price && !d.pointsPrice ? (
          <Box className="sf-act__origin">{formatMoney(d.originalPrice)}</Box>
        ) : null}
        <Box className="sf-act__sales">已售{d.sales}</Box>
        {share}
      </Box>
      {d.depositAmount ? <Box className="sf-act__deposit">定金 {formatMoney(d.depositAmount)}</Box> : null}
      <Box className="sf-act__name">{d.actName}</Box>
      <TagStrip item={d} />
      {d.summary ? <Box className="sf-act__summary">{d.summary}</Box> : null}
    </Box>
  );
}
