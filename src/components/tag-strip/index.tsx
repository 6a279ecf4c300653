import { View } from '@tarojs/components';
import { tagStrip, type TagStripSource } from '../../domain/tag-strip';
import './index.scss';

interface TagStripProps {
  /** The item whose tags (套餐, 定金+尾款, 分N期, 含N个课程) are shown. */
  item: TagStripSource;
}

/** §2 tag strip; renders nothing when the item has no tags. */
export default function TagStrip({ item }: TagStripProps) {
  const tags = tagStrip(item);
  if (!tags.length) return null;
  return (
    <View className="sf-tags">
      {tags.map((t) => (
        <View key={t} className="sf-tags__tag">
          {t}
        </View>
      ))}
    </View>
  );
}
