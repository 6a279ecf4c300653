import { View } from '@tarojs/components';
import type { LoadErrorPopup } from '../../stores/order-draft';
import Popup from '../popup';
// Drawn as TipPopup draws itself: its sf-tip rules.
import '../tip-popup/index.scss';

interface LoadFailurePopupProps {
  /** Why the confirmation did not load, as the request layer reported it. */
  failure: LoadErrorPopup;
  onHome: () => void;
  onReload: () => void;
}

/** The response's info as text (it came as JSON, so it prints as JSON); 无 when there was none. */
const infoText = (info: unknown) =>
  info === undefined || info === null || info === '' ? '无' : typeof info === 'string' ? info : JSON.stringify(info);

/**
 * §8: the confirmation-load failure popup, offered with the code, the info and the response, so that a customer
 * who calls for help can read out what went wrong. It looks like TipPopup, with the three details under the message.
 */
export default function LoadFailurePopup({ failure, onHome, onReload }: LoadFailurePopupProps) {
  return (
    <Popup open position="center" onClose={onReload} className="sf-tip">
      <View className="sf-tip__title">温馨提示</View>
      <View className="sf-tip__message">{failure.message}</View>
      <View className="sf-submit__failure" id="order-load-failure">
        <View>错误码：{failure.code === undefined ? '无' : failure.code}</View>
        <View>返回信息：{infoText(failure.info)}</View>
        <View>响应：{failure.statusCode ? `HTTP ${failure.statusCode}` : '未收到响应'}</View>
      </View>
      <View className="sf-tip__actions">
        <View className="sf-tip__btn sf-tip__btn--cancel" onClick={onReload}>
          重新加载
        </View>
        <View className="sf-tip__btn sf-tip__btn--ok" onClick={onHome}>
          返回首页
        </View>
      </View>
    </Popup>
  );
}
