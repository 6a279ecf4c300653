import type { ShareContent } from '../../domain/share';

/**
 * The mini-programs share through their own menu (转发 in the capsule, answered by the page's usePageShare), so the
 * page needs no button of ours, and the main package (where the detail pages live) carries none.
 */
export default function ShareAction(_props: { info: ShareContent | null }) {
  return null;
}
