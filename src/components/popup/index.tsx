import { View } from '@tarojs/components';
import type { PropsWithChildren } from 'react';
import './index.scss';

interface PopupProps {
  /** Whether the popup shows. */
  open: boolean;
  /** Title in the header; omit for none. */
  title?: string;
  /** 'bottom' sheet (default) or 'center' dialog. */
  position?: 'bottom' | 'center';
  onClose: () => void;
  /** Extra class on the panel, for tests and page styles. */
  className?: string;
}

/**
 * The one popup: §9 animation 186 ms, z-index 200. Tapping the mask closes it. Hand-made rather than AtFloatLayout /
 * AtModal: §9 fixes the timing and layer, and the sheets (coupons, agreement, area picker) need their own heights.
 */
export default function Popup({
  open,
  title,
  position = 'bottom',
  onClose,
  className,
  children,
}: PropsWithChildren<PopupProps>) {
  if (!open) return null;
  return (
    <View className={`sf-popup sf-popup--${position}`} catchMove>
      <View className="sf-popup__mask" onClick={onClose} />
      <View className={`sf-popup__panel ${className || ''}`}>
        {title ? (
          <View className="sf-popup__head">
            <View className="sf-popup__title">{title}</View>
            <View className="sf-popup__close" onClick={onClose}>
              ×
            </View>
          </View>
        ) : null}
        {children}
      </View>
    </View>
  );
}
