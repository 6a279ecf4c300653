import { WebView } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { useRef } from 'react';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { decodeParam, isWebUrl } from '../../../domain/routes';
import { isCarrierReturn } from '../../../platform/carrier-redirect-return';
import { goBackOrHome } from '../../../platform/navigation';

export const INVALID_CARRIER_LINK = '授权链接无效，请返回重新查询';

/**
 * The carrier's authorisation page in a mini-program (§4 points; platform/carrier-redirect.weapp.ts): a web-view
 * of the url param, like the payment cashier's web-view page. When the carrier sends the web-view to the
 * callbackUrl, the customer is done there: the page goes back by itself, and the 积分查询 popup underneath
 * finishes the stored query. Back before that leaves the query to be finished the same way (it asks once).
 */
export default function CarrierAuth() {
  const { params } = useRouter();
  const url = decodeParam(params.url);
  const left = useRef(false);

  function onLoad(src: string) {
    if (left.current || !isCarrierReturn(src, typeof API_BASE === 'undefined' ? '' : API_BASE)) return;
    left.current = true;
    void goBackOrHome();
  }

  return (
    <PageShell className="sf-webview">
      {isWebUrl(url) ? (
        <WebView src={url} onLoad={(e) => onLoad(e.detail.src)} />
      ) : (
        <EmptyView text={INVALID_CARRIER_LINK} actionText="返回" onAction={() => void goBackOrHome()} />
      )}
    </PageShell>
  );
}
