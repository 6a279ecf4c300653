import { WebView } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import { useRef } from 'react';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { decodeParam } from '../../../domain/routes';
import { carrierPageUrl, isCarrierReturn } from '../../../platform/carrier-redirect-return';
import { goBackOrHome } from '../../../platform/navigation';

export const INVALID_CARRIER_LINK = '授权链接无效，请返回重新查询';

const apiBase = () => (typeof API_BASE === 'undefined' ? '' : API_BASE);

/**
 * The carrier's authorisation page in a mini-program (§4 points; platform/carrier-redirect.weapp.ts): a web-view
 * of the carrier's address (url; a path is on the API origin), like the payment cashier's web-view page. When the
 * carrier sends the web-view to the callback path (back), the customer is done there: the page goes back by
 * itself, and the 积分查询 popup underneath finishes the stored query. Back before that finishes it the same way
 * (it asks the carrier once, and does not come here again).
 */
export default function CarrierAuth() {
  const { params } = useRouter();
  const url = carrierPageUrl(decodeParam(params.url), apiBase());
  const back = decodeParam(params.back);
  const left = useRef(false);

  function onLoad(src: string) {
    if (left.current || !isCarrierReturn(src, apiBase(), back)) return;
    left.current = true;
    void goBackOrHome();
  }

  return (
    <PageShell className="sf-webview">
      {url ? (
        <WebView src={url} onLoad={(e) => onLoad(e.detail.src)} />
      ) : (
        <EmptyView text={INVALID_CARRIER_LINK} actionText="返回" onAction={() => void goBackOrHome()} />
      )}
    </PageShell>
  );
}
