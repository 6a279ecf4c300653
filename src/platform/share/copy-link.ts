/**
 * The H5 share action (§1, §8, §9): a browser has no share sheet of ours to open, so sharing copies the page's
 * share link and says 复制成功. The tip waits 402 ms (§9): the copy itself makes the platform show its own toast
 * (Taro's H5 setClipboardData says 内容已复制, as mini-programs do), and ours must come after it, not under it.
 */
import Taro from '@tarojs/taro';
import { MESSAGES } from '../../domain/errors';
import { sharePath, signUrl } from '../../domain/share';
import { toast } from '../ui';
import type { PageShareOptions } from './types';

/** §9 share copy-link tip delay. */
export const SHARE_COPY_TIP_DELAY_MS = 402;

/**
 * The address a share of this page opens: the share reply's own link when it is absolute, else this page with its
 * query, project and promoter code after the current address without its hash (the WeChat share uses the same).
 */
export function shareLinkOf(
  href: string,
  options: Pick<PageShareOptions, 'route' | 'params' | 'projectSn' | 'promoterCode' | 'info'>,
): string {
  const own = options.info?.link;
  if (own && /^https?:\/\//i.test(own)) return own;
  return `${signUrl(href)}#${sharePath(options.route, options.params, options.projectSn, options.promoterCode)}`;
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
