import type { ActivityCard as Card } from '@contract/pages';
import { formatMoney } from '@contract/rules/money';
import { assetUrl } from '../../api/asset';
import { itemPriceText } from '../../domain/catalogue';
import { Image } from '@tarojs/components';
import Box from '../box';
import './index.scss';
import { imgAlt } from '../../platform/a11y';

interface ActivityCardProps {
  /** The card to show. */
  card: Card;
  onClick?: (card: Card) => void;
}

export default function ActivityCard({ card, onClick }: ActivityCardProps) {
  return (
    <Box className="sf-card" onClick={() => onClick?.(card)} data-act-sn={card.actSn}>
      <Image
        className="sf-card__cover"
        src={assetUrl(card.cover)}
        mode="aspectFill"
        lazyLoad
        {...imgAlt(card.actName)}
      />
      <Box className="sf-card__body">
        <Box className="sf-card__name">{card.actName}</Box>
        {card.tags.length ? (
          <Box className="sf-card__tags">
            {card.tags.slice(0, 3).map((t) => (
              <Box key={t} className="sf-card__tag">
                {t}
              </Box>
            ))}
          </Box>
        ) : null}
        <Box className="sf-card__foot">
          <Box className="sf-price">{itemPriceText(card.price, card.pointsPrice)}</Box>
          {card.originalPrice && card.originalPrice > card.price && !card.pointsPrice ? (
            <Box className="sf-card__origin">{formatMoney(card.originalPrice)}</Box>
          ) : null}
          <Box className="sf-card__sales">已售{card.sales}</Box>
        </Box>
      </Box>
    </Box>
  );
}
