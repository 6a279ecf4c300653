import { View } from '@tarojs/components';
import { useLoad } from '@tarojs/taro';
import { useState } from 'react';
import type { ServiceInfo } from '@contract/user-extras';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import QrCode from '../../../components/qr-code';
import Skeleton from '../../../components/skeleton';
import { copyText } from '../../../platform/ui';
import { useStores } from '../../../stores';
import './drainageCode.scss';

/**
 * §2 drainage/drainageCode: the project's follow QR code (its link encoded by /api/text2QrCode), with the
 * platform's way to keep it; the link itself can be copied where a code cannot be scanned.
 */
export default function DrainageCode() {
  const { api, session } = useStores();
  const [info, setInfo] = useState<ServiceInfo | null>(null);
  const [error, setError] = useState('');

  async function load() {
    setError('');
    try {
      const next = await api.service.info();
      setInfo(next);
      // §3 session state drainageInfo: what was shown, for a share poster later.
      session.setDrainageInfo({ followLink: next.followLink, followTitle: next.followTitle });
    } catch (err) {
      setError(errorMessage(err, '加载失败，请重试'));
    }
  }

  useLoad(() => void load());

  let body;
  if (error) body = <EmptyView text={error} actionText="重新加载" onAction={() => void load()} />;
  else if (!info) body = <Skeleton variant="detail" />;
  else if (!info.followLink) body = <EmptyView text="暂无关注二维码" />;
  else
    body = (
      <View className="sf-drainage__card">
        <View className="sf-drainage__title">{info.followTitle || '关注我们'}</View>
        {info.followText ? <View className="sf-drainage__text">{info.followText}</View> : null}
        <QrCode text={info.followLink} name="follow" id="drainage-qr" />
        <View
          className="sf-drainage__link"
          id="drainage-link"
          onLongPress={() => copyText(info.followLink!)}
          onClick={() => copyText(info.followLink!)}
        >
          复制链接
        </View>
      </View>
    );
  return <PageShell className="sf-drainage">{body}</PageShell>;
}
