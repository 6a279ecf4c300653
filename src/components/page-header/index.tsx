import { View } from '@tarojs/components';
import Icon from '../icon';
import './index.scss';

interface PageHeaderProps {
  /** The page's title (its navigationBarTitleText, or what the page set at run time). */
  title: string;
  /** 'back' when there is a page to go back to, 'home' when the page was opened directly. */
  action: 'back' | 'home';
  onAction: () => void;
}

/**
 * The one title bar of non-tab pages on H5. Mini-programs draw their native navigation bar from the
 * page config instead, so page-shell renders this on H5 only.
 */
export default function PageHeader({ title, action, onAction }: PageHeaderProps) {
  const label = action === 'back' ? '返回' : '首页';
  return (
    <View className="sf-page-header" role="banner">
      <View
        className={`sf-page-header__action sf-page-header__${action}`}
        onClick={onAction}
        role="button"
        aria-label={label}
      >
        <Icon value={action === 'back' ? 'chevron-left' : 'home'} size={action === 'back' ? 24 : 20} />
      </View>
      <View className="sf-page-header__title" role="heading" aria-level={1}>
        {title}
      </View>
    </View>
  );
}
