import { Image, View } from '@tarojs/components';
import type { ActivityCard as Card } from '@contract/pages';
import { formatMoney } from '@contract/rules/money';
import { assetUrl } from '../../api/asset';
import './index.scss';
import { imgAlt } from '../../platform/a11y';

interface ActivityCardProps {
  /** The card to show. */
  card: Card;
  onClick?: (card: Card) => void;
}

export default function ActivityCard({ card, onClick }: ActivityCardProps) {
  return (
    <View className="sf-card" onClick={() => onClick?.(card)} data-act-sn={card.actSn}>
      <Image className="sf-card__cover" src={assetUrl(card.cover)} mode="aspectFill" lazyLoad {...imgAlt(card.actName)} />
      <View className="sf-card__body">
        <View className="sf-card__name">{card.actName}</View>
        {card.tags.length ? (
          <View className="sf-card__tags">
            {card.tags.slice(0, 3).map((t) => (
              <View key={t} className="sf-card__tag">
                {t}
              </View>
            ))}
          </View>
        ) : null}
        <View className="sf-card__foot">
          <View className="sf-price">{card.price === 0 ? '免费' : formatMoney(card.price)}</View>
          {card.originalPrice && card.originalPrice > card.price ? (
            <View className="sf-card__origin">{formatMoney(card.originalPrice)}</View>
          ) : null}
          <View className="sf-card__sales">已售{card.sales}</View>
        </View>
      </View>
    </View>
  );
}
