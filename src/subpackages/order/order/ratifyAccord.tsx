import { View } from '@tarojs/components';
import { useDidShow, useLoad, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { Agreement } from '@contract/order';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { ROUTES, toUrl } from '../../../domain/routes';
import { returnUrl } from '../../../domain/return-url';
import { followJump } from '../../../platform/navigation';
import { SIGN_RETURN, leaveForSigning, returnFromSigning } from '../../../platform/provider-page';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import './ratifyAccord.scss';

interface Contract {
  flowId: string;
  contractName: string;
  signed: boolean;
  signedAt: string | null;
}

/** §2 order/ratifyAccord: read the purchase agreement of an order and sign it through the signing provider. */
function RatifyAccord() {
  const { api } = useStores();
  const { params } = useRouter();
  const orderNo = String(params.orderNo || '');
  const state = useLocalObservable(() => ({
    agreement: null as Agreement | null,
    contracts: [] as Contract[],
    error: '',
    leaving: false,
  }));

  // Back from the e-sign page: the app steps back to the 签署协议 entry it left (platform/provider-page).
  useLoad(() => {
    if (params.signReturn && returnFromSigning(orderNo)) runInAction(() => (state.leaving = true));
  });

  async function load() {
    try {
      const order = await api.order.detail(orderNo);
      const [agreement, contracts] = await Promise.all([
        order.agreementSn ? api.order.agreement(order.agreementSn) : Promise.resolve(null),
        api.order.contracts(orderNo),
      ]);
      runInAction(() => {
        state.agreement = agreement;
        state.contracts = contracts.list;
        state.error = '';
      });
    } catch (err) {
      runInAction(() => (state.error = errorMessage(err, String(err))));
    }
  }

  useDidShow(() => {
    if (!state.leaving) void load();
  });

  async function sign() {
    try {
      const back =
        process.env.TARO_ENV === 'h5'
          ? returnUrl(API_BASE, window.location, toUrl(ROUTES.ratifyAccord, { orderNo, ...SIGN_RETURN }))
          : undefined;
      const { signUrl } = await api.order.signLink(orderNo, back);
      if (process.env.TARO_ENV === 'h5') leaveForSigning(signUrl, orderNo);
      else await followJump({ type: 'web', url: signUrl });
    } catch (err) {
      toast(errorMessage(err, '签署链接获取失败'));
    }
  }

  async function view(flowId: string) {
    try {
      const { url } = await api.order.contractFile(flowId);
      await followJump({ type: 'web', url });
    } catch (err) {
      toast(errorMessage(err, '合同获取失败'));
    }
  }

  const signed = state.contracts.some((c) => c.signed);
  if (state.leaving) return <PageShell className="sf-accord" />;
  return (
    <PageShell className="sf-accord">
      {state.error ? <EmptyView text={state.error} actionText="重新加载" onAction={() => void load()} /> : null}
      {state.agreement ? (
        <View className="sf-accord__doc">
          <View className="sf-accord__title">{state.agreement.agreementName}</View>
          {state.agreement.agreementContent.split('\n').map((line, i) => (
            <View key={i} className="sf-accord__line">
              {line}
            </View>
          ))}
        </View>
      ) : null}
      {state.contracts.map((c) => (
        <View
          key={c.flowId}
          className="sf-accord__contract"
          onClick={() => (c.signed ? void view(c.flowId) : undefined)}
        >
          <View>{c.contractName}</View>
          <View className={c.signed ? 'sf-accord__signed' : 'sf-accord__unsigned'}>
            {c.signed ? `已签署 ${c.signedAt?.slice(0, 10) || ''} ›` : '待签署'}
          </View>
        </View>
      ))}
      <View className="sf-accord__spacer" />
      {state.agreement && !signed ? (
        <View className="sf-accord__bar">
          <View className="sf-btn" id="accord-sign" onClick={() => void sign()}>
            同意并签署
          </View>
        </View>
      ) : null}
    </PageShell>
  );
}

export default observer(RatifyAccord);
