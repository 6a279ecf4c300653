import { View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import type { ShareContent } from '../../domain/share';
import { normalizePath } from '../../domain/routes';
import { copyShareLink, shareLinkOf } from '../../platform/share/copy-link';
import { useStores } from '../../stores';
import './index.scss';

interface ShareActionProps {
  /** The page's share content (§7 share reply); the link falls back to this page when it has none. */
  info: ShareContent | null;
}

/**
 * 分享 on a share-allowed page, H5: a browser has no share sheet of ours, so the link is copied with the §9-delayed
 * 复制成功 (platform/share/copy-link). The mini-programs share through their own menu (index.weapp.tsx).
 */
function ShareAction({ info }: ShareActionProps) {
  const { session } = useStores();
  const router = useRouter();
  const share = () => {
    const params: Record<string, string> = {};
    for (const k of Object.keys(router.params || {}))
      if (router.params[k] !== undefined) params[k] = String(router.params[k]);
    const link = shareLinkOf(window.location.href, {
      route: normalizePath(router.path || ''),
      params,
      projectSn: session.projectSn,
      // As page-shell does for the WeChat share: a promoter's link carries their code.
      promoterCode: session.isEarner && session.promoterCode ? session.promoterCode : undefined,
      info,
    });
    void copyShareLink(link);
  };
  return (
    <View className="sf-share-action" id="share-action" onClick={share}>
      分享
    </View>
  );
}

export default observer(ShareAction);
