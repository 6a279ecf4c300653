/**
 * Mini-program sharing shared by weapp and swan (§1): pages on the allow list share their content; other pages
 * hide the share menu, and if a share still starts there, say 当前页面暂不支持分享 and share the home page.
 * Allow-listed pages also set `enableShareAppMessage: true` in their page config, without which the
 * mini-program never offers the share item.
 */
import { assetUrl } from '../../api/asset';
import { MESSAGES } from '../../domain/errors';
import { ROUTES } from '../../domain/routes';
import { isShareAllowed, sharePath } from '../../domain/share';
import type { PageShareOptions } from './types';

export interface MiniShareApi {
  hideShareMenu(): unknown;
  toast(text: string): void;
}

export interface MiniShareMessage {
  title: string;
  content: string;
  path: string;
  imageUrl?: string;
}

export function createMiniShare(api: MiniShareApi) {
  return {
    /** On every show: pages off the allow list hide the share menu. */
    onShow(options: PageShareOptions): void {
      if (isShareAllowed(options.route)) return;
      try {
        const res = api.hideShareMenu() as Promise<unknown> | undefined;
        if (res && typeof res.catch === 'function') res.catch(() => undefined);
      } catch {
        // An older client without hideShareMenu: the toast below still answers a share attempt.
      }
    },
    /** What onShareAppMessage returns. */
    message(options: PageShareOptions): MiniShareMessage {
      if (!isShareAllowed(options.route)) {
        api.toast(MESSAGES.shareUnsupported);
        return { title: options.defaultTitle, content: '', path: sharePath(ROUTES.index, {}, options.projectSn) };
      }
      const info = options.info;
      return {
        title: info?.title || options.defaultTitle,
        content: info?.content || '',
        path: sharePath(options.route, options.params, options.projectSn, options.promoterCode),
        imageUrl: info?.image ? assetUrl(info.image) : undefined,
      };
    },
  };
}
