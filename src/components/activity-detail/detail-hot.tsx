import type { ActivityCard as Card } from '@contract/pages';
import ActivityCard from '../activity-card';
import Box from '../box';

interface DetailHotProps {
  /** Other best sellers of the project. */
  cards: readonly Card[];
  onOpen: (card: Card) => void;
}

/** 热门推荐 under the item; nothing when there are none. */
export default function DetailHot({ cards, onOpen }: DetailHotProps) {
  if (!cards.length) return null;
  return (
    <Box className="sf-act__hot" id="act-hot">
      <Box className="sf-section-title">热门推荐</Box>
      {cards.map((card) => (
        <ActivityCard key={card.actSn} card={card} onClick={onOpen} />
      ))}
    </Box>
  );
}
