import type { ActivityDetail } from '@contract/activity';
import { itemPriceText, orderButton } from '../../domain/catalogue';
import Box from '../box';

interface OrderBarProps {
  detail: ActivityDetail;
  /** The price of what the button orders. */
  price: number;
  onOrder: () => void;
}

/**
 * The bar at the bottom: the price (or why the item cannot be ordered) and its order button (orderButton: 立即购买,
 * 立即报名, 立即兑换, or 已售罄 disabled). The spacer keeps the page's end above it.
 */
export default function OrderBar({ detail: d, price, onOrder }: OrderBarProps) {
  const button = orderButton(d, price);
  return (
    <>
      <Box className="sf-act__spacer" />
      <Box className="sf-act__bar">
        <Box className="sf-act__bar-info">
          {d.orderEnabled ? (
            <Box className="sf-price sf-act__bar-price">{itemPriceText(price, d.pointsPrice)}</Box>
          ) : (
            <Box className="sf-act__reason">{d.disabledReason}</Box>
          )}
        </Box>
        <Box className={`sf-btn sf-act__order ${button.enabled ? '' : 'is-disabled'}`} id="act-order" onClick={onOrder}>
          {button.text}
        </Box>
      </Box>
    </>
  );
}
