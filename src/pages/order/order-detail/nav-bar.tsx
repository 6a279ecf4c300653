import { View } from '@tarojs/components';
import Taro from '@tarojs/taro';
import PageHeader from '../../../components/page-header';
import { goBackOrHome } from '../../../platform/navigation';

/** The status bar's height in px: the custom bar starts under it (0 where the host does not say). */
function statusBarHeight(): number {
  try {
    return Taro.getSystemInfoSync().statusBarHeight || 0;
  } catch {
    return 0;
  }
}

/**
 * §2: the order detail has custom navigation on every target. The page config turns the native bar off, so in
 * the mini-programs the page draws the one page header itself, under the status bar; on H5 page-shell draws it.
 */
export default function NavBar() {
  if (process.env.TARO_ENV === 'h5') return null;
  return (
    <View className="sf-detail__nav" style={{ paddingTop: `${statusBarHeight()}px` }}>
      <PageHeader
        title="订单详情"
        action={Taro.getCurrentPages().length > 1 ? 'back' : 'home'}
        onAction={() => void goBackOrHome()}
      />
    </View>
  );
}
