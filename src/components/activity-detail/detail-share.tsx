import type { ShareInfo } from '@contract/activity';
import ShareAction from '../share-action';

interface DetailShareProps {
  /** The §7 share reply; null until it has arrived (the link falls back to the page's own). */
  info: ShareInfo | null;
}

/**
 * The detail's share entry, at the right of the price row: 分享 (copy the item's link on H5, the menu's share in the
 * mini-programs). A share poster for promoters belongs here too, beside it, given the same share info.
 */
export default function DetailShare({ info }: DetailShareProps) {
  return <ShareAction info={info} />;
}
