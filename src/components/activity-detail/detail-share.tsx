import type { ShareInfo } from '@contract/activity';
import ShareAction from '../share-action';
import PosterEntry from '../share-poster/entry';

interface DetailShareProps {
  /** The §7 share reply; null until it has arrived (the link falls back to the page's own). */
  info: ShareInfo | null;
  /** The item, for its share poster. */
  actSn: string;
}

/**
 * The detail's share entries, at the right of the price row: 分享 (copy the item's link on H5, the menu's share in the
 * mini-programs) and 海报, the item's share poster (a page of the activity sub-package).
 */
export default function DetailShare({ info, actSn }: DetailShareProps) {
  return (
    <>
      <ShareAction info={info} />
      <PosterEntry actSn={actSn} />
    </>
  );
}
