/** Puts the project's tab titles and theme colour on the native tab bar (mini-programs) or Taro's H5 tab bar. */
import Taro from '@tarojs/taro';
import type { TabEntry } from '@contract/pages';

/**
 * H5: Taro's tab bar is a web component that hears these calls only once it has drawn itself; a call made before
 * (a reload of 我的 on a busy phone) is lost, and its promise never settles.
 */
function tabBarDrawn(): Promise<void> {
  if (process.env.TARO_ENV !== 'h5') return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      const bar = document.querySelector('taro-tabbar');
      // No tab bar at all (a test's document): nothing to wait for.
      if (!bar || bar.querySelector('.weui-tabbar__label')) resolve();
      else requestAnimationFrame(check);
    };
    check();
  });
}

export async function applyTabBar(tabs: readonly TabEntry[], primary: string): Promise<void> {
  await tabBarDrawn();
  try {
    await Taro.setTabBarStyle({
      color: '#666666',
      selectedColor: primary,
      backgroundColor: '#ffffff',
      borderStyle: 'black',
    });
  } catch {
    // No tab bar on the current page (the entrance): the next tab page applies it.
  }
  for (const tab of tabs) {
    if (tab.tabIndex < 0 || tab.tabIndex > 4 || !tab.title) continue;
    try {
      await Taro.setTabBarItem({ index: tab.tabIndex, text: tab.title });
    } catch {
      // as above
    }
  }
}
