import { View } from '@tarojs/components';
import Popup from '../popup';
import './index.scss';

interface TipPopupProps {
  open: boolean;
  /** Defaults to 温馨提示 (§8). */
  title?: string;
  message: string;
  confirmText: string;
  onConfirm: () => void;
  /** A second, secondary button (e.g. 支付遇到问题，重新支付). */
  cancelText?: string;
  onCancel?: () => void;
  onClose?: () => void;
}

/**
 * A centred message with one or two actions: order-submit codes, pay check, load errors. Not AtModal: its buttons
 * sit side by side, and §8's 支付遇到问题，重新支付 needs the stacked full-width buttons.
 */
export default function TipPopup({
  open,
  title = '温馨提示',
  message,
  confirmText,
  onConfirm,
  cancelText,
  onCancel,
  onClose,
}: TipPopupProps) {
  return (
    <Popup open={open} position="center" onClose={onClose || onCancel || onConfirm} className="sf-tip">
      <View className="sf-tip__title">{title}</View>
      <View className="sf-tip__message">{message}</View>
      <View className="sf-tip__actions">
        {cancelText && onCancel ? (
          <View className="sf-tip__btn sf-tip__btn--cancel" onClick={onCancel}>
            {cancelText}
          </View>
        ) : null}
        <View className="sf-tip__btn sf-tip__btn--ok" onClick={onConfirm}>
          {confirmText}
        </View>
      </View>
    </Popup>
  );
}
