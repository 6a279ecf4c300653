import { View } from '@tarojs/components';
import { MESSAGES } from '../../domain/errors';
import './index.scss';

interface EmptyViewProps {
  /** Text shown; defaults to 暂无数据 (§2). */
  text?: string;
  /** Optional action, e.g. retry or back home. */
  actionText?: string;
  onAction?: () => void;
}

export default function EmptyView({ text = MESSAGES.emptyData, actionText, onAction }: EmptyViewProps) {
  return (
    <View className="sf-empty">
      <View className="sf-empty__icon" />
      <View className="sf-empty__text">{text}</View>
      {actionText && onAction ? (
        <View className="sf-btn sf-empty__action" onClick={onAction}>
          {actionText}
        </View>
      ) : null}
    </View>
  );
}
