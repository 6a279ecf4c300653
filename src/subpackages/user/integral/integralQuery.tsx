import { View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { INTEGRAL_NOTE, integralCarrier, maskPhone, type IntegralType } from '@contract/rules/integral';
import IntegralQuery from '../../../components/integral-query';
import PageShell from '../../../components/page-shell';
import { useStores } from '../../../stores';
import './integralQuery.scss';

/** The carriers of §1 (mobile and unicom), each queried with its own phone. */
const CARRIERS: IntegralType[] = ['MOBILE_INTEGRAL', 'UNICOM_INTEGRAL'];

interface Known {
  phone: string | null;
  points: number | null;
}

/**
 * 积分查询 from 我的 (shown in the points project): one card per carrier with the bound phone and its
 * balance when the carrier tells it; 查询 opens the §2 popup of that carrier, which also finishes a query that
 * came back from the carrier's authorisation (H5 callbackUrl, or the mini-program web-view going back).
 */
function IntegralQueryPage() {
  const { api } = useStores();
  const ui = useLocalObservable(() => ({
    open: '' as IntegralType | '',
    known: {} as Record<string, Known>,
  }));

  useDidShow(() => {
    for (const t of CARRIERS) {
      api.integral
        .bindingState(t)
        .then((s) => runInAction(() => (ui.known[t] = { phone: s.phone, points: s.point })))
        .catch(() => undefined);
    }
  });

  return (
    <PageShell className="sf-points">
      {CARRIERS.map((t) => {
        const carrier = integralCarrier(t);
        const known = ui.known[t];
        return (
          <View key={t} className="sf-points__card" id={`points-${t}`}>
            <View className="sf-points__head">
              <View className="sf-points__carrier">{carrier.label}</View>
              <View className="sf-points__phone">{known?.phone ? maskPhone(known.phone) : '未绑定手机号'}</View>
            </View>
            <View className="sf-points__balance">
              <View className="sf-points__num">{known?.points ?? '--'}</View>
              <View className="sf-points__suffix">{carrier.suffix}</View>
            </View>
            <View
              className="sf-btn sf-points__btn"
              id={`points-query-${t}`}
              onClick={() => runInAction(() => (ui.open = t))}
            >
              {known?.phone ? '查询' : '绑定查询'}
            </View>
            <IntegralQuery
              open={ui.open === t}
              integralType={t}
              onClose={() => runInAction(() => (ui.open = ''))}
              onResume={() => runInAction(() => (ui.open = t))}
              onBalance={(phone, points) => runInAction(() => (ui.known[t] = { phone, points }))}
            />
          </View>
        );
      })}
      <View className="sf-points__note">{INTEGRAL_NOTE}</View>
    </PageShell>
  );
}

export default observer(IntegralQueryPage);
