import { View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import PageShell from '../../../components/page-shell';
import { decodeParam } from '../../../domain/routes';
import { switchToTab } from '../../../platform/navigation';
import { useStores } from '../../../stores';
import { formDraftsOf } from '../../../stores/form-draft';
import './collectFormSuccess.scss';

export const COLLECT_SUCCESS_TITLE = '提交成功';

/** §2 result after a collect form is committed: the form's own success text (kept by the store, not the URL). */
export default function CollectFormSuccess() {
  const formDrafts = formDraftsOf(useStores());
  const { params } = useRouter();
  const text = formDrafts.successText(decodeParam(params.formSn)) || '我们已收到您提交的信息';
  return (
    <PageShell className="sf-form-result">
      <View className="sf-form-result__icon">✓</View>
      <View className="sf-form-result__title" id="collect-success-title">
        {COLLECT_SUCCESS_TITLE}
      </View>
      <View className="sf-form-result__text">{text}</View>
      <View className="sf-btn sf-form-result__btn" onClick={() => void switchToTab(0)}>
        返回首页
      </View>
    </PageShell>
  );
}
