import { View } from '@tarojs/components';
import { useRouter } from '@tarojs/taro';
import PageShell from '../../../components/page-shell';
import { RESULT_ACTION_TEXT, resultKind, type ResultAction } from '../../../domain/result-kinds';
import { decodeParam, ROUTES } from '../../../domain/routes';
import { openPage, switchToTab } from '../../../platform/navigation';
import './index.scss';

/**
 * §2 result success/index: the generic outcome page (params kind, orderNo). What it says comes from one table
 * (domain/result-kinds); 查看订单 replaces this page so that 返回 from the order does not come back here.
 */
export default function ResultIndex() {
  const { params } = useRouter();
  const kind = resultKind(decodeParam(params.kind));
  const orderNo = decodeParam(params.orderNo);
  const actions = kind.actions.filter((a) => a !== 'order' || orderNo);
  const go = (a: ResultAction) => {
    if (a === 'order') return void openPage(ROUTES.orderDetail, { orderNo }, 'replace');
    if (a === 'orders') return void openPage(ROUTES.orderList, {}, 'replace');
    return void switchToTab(0);
  };
  return (
    <PageShell className="sf-result">
      <View className={`sf-result__icon ${kind.status === 'waiting' ? 'is-waiting' : ''}`} aria-hidden>
        {kind.status === 'waiting' ? '…' : '✓'}
      </View>
      <View className="sf-result__title" id="result-title">
        {kind.title}
      </View>
      {kind.text ? <View className="sf-result__text">{kind.text}</View> : null}
      {orderNo ? (
        <View className="sf-result__text" id="result-order-no">
          订单号：{orderNo}
        </View>
      ) : null}
      {actions.map((a, i) => (
        <View
          key={a}
          id={`result-${a}`}
          className={`sf-btn sf-result__btn ${i > 0 ? 'is-ghost' : ''}`}
          onClick={() => go(a)}
        >
          {RESULT_ACTION_TEXT[a]}
        </View>
      ))}
    </PageShell>
  );
}
