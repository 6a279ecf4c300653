import { View } from '@tarojs/components';
import AtIcon from 'taro-ui/lib/components/icon';
import Taro, { useRouter } from '@tarojs/taro';
import { CHUNK_ERROR_TEXT } from '../../domain/chunk-error';
import { MESSAGES } from '../../domain/errors';
import { ROUTES, decodeParam, toUrl } from '../../domain/routes';
import PageShell from '../../components/page-shell';
import { switchToTab } from '../../platform/navigation';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import './error.scss';

const REASONS: Record<string, string> = {
  notFound: '页面不存在',
  notBuilt: MESSAGES.pageNotBuilt,
  entrance: MESSAGES.entranceFailed,
  miniProgramOnly: '请在小程序中打开该页面',
  chunkLoad: CHUNK_ERROR_TEXT,
};

/**
 * §2 error page: unknown routes, a failed entrance, pages not open yet, a page whose code did not load. On H5 it
 * is part of the entry chunk (app.h5.tsx), so it can always show.
 */
export default function ErrorPage() {
  const { params } = useRouter();
  const { session } = useStores();
  const reason = String(params.reason || '');
  const message = params.message ? decodeURIComponent(String(params.message)) : REASONS[reason] || '页面出错了';

  function retry() {
    // A page whose code did not load (§8, H5): open it again in place; webpack asks again for a chunk that
    // failed. Still offline, say so rather than fail again (a reload would leave the app for the browser's
    // own offline page).
    if (reason === 'chunkLoad' && process.env.TARO_ENV === 'h5') {
      if (!navigator.onLine) return toast(MESSAGES.offline);
      const path = decodeParam(params.path) || '/';
      void Taro.reLaunch({ url: path.startsWith('/') ? path : `/${path}` });
      return;
    }
    // §4: after a failed entrance the next start calls the entrance again.
    if (!session.token || session.entranceNeedsUpdate) {
      void Taro.reLaunch({ url: toUrl(ROUTES.entrance, { projectSn: session.projectSn || undefined }) });
    } else {
      void switchToTab(0);
    }
  }

  return (
    <PageShell className="sf-error">
      <View className="sf-error__icon" aria-hidden>
        <AtIcon value="alert-circle" size={36} />
      </View>
      <View className="sf-error__message">{message}</View>
      <View className="sf-btn sf-error__btn" onClick={retry}>
        {reason === 'chunkLoad' ? '重试' : '返回首页'}
      </View>
    </PageShell>
  );
}
