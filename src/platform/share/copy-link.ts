/**
 * The H5 share action (§1, §8, §9): a browser has no share sheet of ours to open, so sharing copies the page's
 * share link and says 复制成功. The tip waits 402 ms (§9): the copy itself makes the platform show its own toast
 * (Taro's H5 setClipboardData says 内容已复制, as mini-programs do), and ours must come after it, not under it.
 */
import Taro from '@tarojs/taro';
import { MESSAGES } from '../../domain/errors';
import { shareLink, sharedItemOf, withPromoterCode } from '../../domain/share';
import { toast } from '../ui';
import type { PageShareOptions } from './types';

/** §9 share copy-link tip delay. */
export const SHARE_COPY_TIP_DELAY_MS = 402;

/**
 * The address a share of this page opens (the WeChat share uses the same): an item's public address for a detail
 * (domain/share), on the origin of the share reply's link when that is absolute; another page's absolute reply link
 * as it is, with the sharer's promoter code added; else the page's hash route after the current address.
 */
export function shareLinkOf(
  href: string,
  options: Pick<PageShareOptions, 'route' | 'params' | 'projectSn' | 'promoterCode' | 'info'>,
): string {
  const own = options.info?.link;
  const reply = own && /^https?:\/\//i.test(own) ? own : null;
  if (reply && !sharedItemOf(options.route, options.params)) return withPromoterCode(reply, options.promoterCode);
  // An item's public address, on the reply link's origin when the server gave one (its public base URL).
  return shareLink(reply ?? href, options.route, options.params, options.projectSn, options.promoterCode);
}

export interface CopyLinkDeps {
  copy(text: string): Promise<unknown>;
  tip(text: string): void;
  wait(ms: number): Promise<void>;
  /** When the browser refuses to copy: show the link so it can be copied by hand. */
  showLink(link: string): void;
}

const defaultDeps: CopyLinkDeps = {
  copy: (data) => Taro.setClipboardData({ data }),
  tip: (text) => toast(text, 'success'),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  // A notice (the link, to copy by hand), not a confirmation before an action: the host's dialog suffices.
  showLink: (link) =>
    void Taro.showModal({ title: '复制链接', content: link, showCancel: false }).catch(() => undefined),
};

/** Copies the link and shows 复制成功 after the §9 delay; resolves whether the copy worked. */
export async function copyShareLink(link: string, deps: CopyLinkDeps = defaultDeps): Promise<boolean> {
  try {
    await deps.copy(link);
  } catch {
    deps.showLink(link);
    return false;
  }
  await deps.wait(SHARE_COPY_TIP_DELAY_MS);
  deps.tip(MESSAGES.copySuccess);
  return true;
}
