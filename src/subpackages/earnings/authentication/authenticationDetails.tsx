import { View } from '@tarojs/components';
import { useDidShow } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { IdentityInfo } from '@contract/earnings';
import { formatChinaTime } from '@contract/rules/china-time';
import { errorMessage } from '../../../api/error-message';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import { ROUTES } from '../../../domain/routes';
import { openPage } from '../../../platform/navigation';
import { useStores } from '../../../stores';
import '../earnings.scss';

/** §2 authentication/authenticationDetails: the verified identity, masked; 去认证 when there is none. */
function AuthenticationDetails() {
  const { api } = useStores();
  const state = useLocalObservable(() => ({ info: null as IdentityInfo | null, error: '' }));

  useDidShow(async () => {
    try {
      const info = await api.earnings.identity();
      runInAction(() => (state.info = info));
    } catch (err) {
      runInAction(() => (state.error = errorMessage(err, '加载失败，请重试')));
    }
  });

  const info = state.info;
  if (state.error)
    return (
      <PageShell className="sf-earn">
        <EmptyView text={state.error} />
      </PageShell>
    );
  if (!info)
    return (
      <PageShell className="sf-earn">
        <View className="sf-earn__card sf-earn__muted">加载中...</View>
      </PageShell>
    );
  if (!info.verified) {
    return (
      <PageShell className="sf-earn">
        <EmptyView
          text="您还未完成实名认证"
          actionText="去认证"
          onAction={() => void openPage(ROUTES.authentication, {}, 'replace')}
        />
      </PageShell>
    );
  }
  return (
    <PageShell className="sf-earn">
      <View className="sf-earn__card">
        <View className="sf-earn__verified" id="auth-verified">
          已实名认证
        </View>
        <View className="sf-earn__row">
          <View className="sf-earn__label">真实姓名</View>
          <View className="sf-earn__value">{info.realName}</View>
        </View>
        <View className="sf-earn__row">
          <View className="sf-earn__label">身份证号</View>
          <View className="sf-earn__value" id="auth-id-masked">
            {info.idNumberMasked}
          </View>
        </View>
        <View className="sf-earn__row">
          <View className="sf-earn__label">认证时间</View>
          <View className="sf-earn__value">
            {info.verifiedAt ? formatChinaTime(info.verifiedAt, 'YYYY-MM-DD HH:mm') : ''}
          </View>
        </View>
      </View>
    </PageShell>
  );
}

export default observer(AuthenticationDetails);
