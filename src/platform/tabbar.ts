/** Puts the project's tab titles and theme colour on the native tab bar (mini-programs) or Taro's H5 tab bar. */
import Taro from '@tarojs/taro';
import type { TabEntry } from '@contract/pages';

export async function applyTabBar(tabs: readonly TabEntry[], primary: string): Promise<void> {
  try {
    await Taro.setTabBarStyle({ color: '#666666', selectedColor: primary, backgroundColor: '#ffffff', borderStyle: 'black' });
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
