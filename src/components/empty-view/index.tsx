import { View } from '@tarojs/components';
import Icon from '../icon';
import { MESSAGES } from '../../domain/errors';
import './index.scss';

interface EmptyViewProps {
  /** Text shown; defaults to 暂无数据 (§2). */
  text?: string;
  /** Optional action, e.g. retry or back home. */
  actionText?: string;
  onAction?: () => void;
  /** taro-ui icon name; an empty list by default. */
  icon?: string;
}

/** The one empty / error state (DESIGN.md §8): an icon, the text, and an action when there is one. */
export default function EmptyView({
  text = MESSAGES.emptyData,
  actionText,
  onAction,
  icon = 'bullet-list',
}: EmptyViewProps) {
  return (
    <View className="sf-empty">
      <View className="sf-empty__icon" aria-hidden>
        <Icon value={icon} size={32} />
      </View>
      <View className="sf-empty__text">{text}</View>
      {actionText && onAction ? (
        <View className="sf-btn sf-empty__action" onClick={onAction}>
          {actionText}
        </View>
      ) : null}
    </View>
  );
}
