import { WebView } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import EmptyView from '../../components/empty-view';
import PageShell from '../../components/page-shell';
import { decodeParam, isWebUrl } from '../../domain/routes';
import { switchToTab } from '../../platform/navigation';

export const INVALID_LINK = '链接无效，无法打开';

/** §2 third-party page: a web-view of the url param (an iframe on H5). Only http(s) addresses are opened. */
export default function WebViewPage() {
  const { params } = useRouter();
  const url = decodeParam(params.url);
  return (
    <PageShell className="sf-webview">
      {isWebUrl(url) ? (
        <WebView src={url} />
      ) : (
        <EmptyView text={INVALID_LINK} actionText="返回首页" onAction={() => void switchToTab(0)} />
      )}
    </PageShell>
  );
}
