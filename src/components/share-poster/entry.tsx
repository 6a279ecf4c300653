import { View } from '@tarojs/components';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import './entry.scss';

interface PosterEntryProps {
  /** The item the poster shares. */
  actSn: string;
}

/**
 * 海报 beside a detail page's share action: opens the poster page, which lives in the activity sub-package, so its
 * drawing code never weighs on the main package where the detail pages are.
 */
export default function PosterEntry({ actSn }: PosterEntryProps) {
  return (
    <View className="sf-poster-entry" id="poster-entry" onClick={() => void openPage(ROUTES.sharePoster, { actSn })}>
      海报
    </View>
  );
}
