/** The screen's main button as a plain tap target: WeChat and H5, and Baidu while no subscribe templates exist. */
import { View } from '@tarojs/components';
import type { ReactNode } from 'react';
import type { SubscribeMoment } from '../../api/notification';

export interface SubscribeButtonProps {
  /** Which notices the Baidu form asks for; unused here. */
  moment: SubscribeMoment;
  id?: string;
  className?: string;
  onTap: () => void;
  children: ReactNode;
}

export default function PlainButton({ id, className, onTap, children }: SubscribeButtonProps) {
  return (
    <View id={id} className={className} onClick={onTap}>
      {children}
    </View>
  );
}
