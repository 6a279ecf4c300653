/**
 * §8 update prompt in mini-programs: when the host has downloaded a new version, ask 更新提示 /
 * 新版本已经准备好，是否重启应用？ and restart into it on confirm. H5 has no update manager (a reload fetches
 * the new build), so nothing happens there.
 */
import Taro from '@tarojs/taro';

export const UPDATE_TEXTS = { title: '更新提示', content: '新版本已经准备好，是否重启应用？' } as const;

interface UpdateManagerLike {
  onUpdateReady(cb: () => void): void;
  applyUpdate(): void;
}

/** Wires the prompt; `manager` and `confirm` are injectable for tests. */
export function watchForUpdates(
  manager: UpdateManagerLike | null = process.env.TARO_ENV === 'h5' || typeof Taro.getUpdateManager !== 'function'
    ? null
    : Taro.getUpdateManager(),
  // The host's dialog, not components/confirm: the update can be ready on any page, or before a page shows.
  confirm: (title: string, content: string) => Promise<boolean> = async (title, content) =>
    (await Taro.showModal({ title, content })).confirm,
): void {
  if (!manager) return;
  manager.onUpdateReady(() => {
    void confirm(UPDATE_TEXTS.title, UPDATE_TEXTS.content).then((yes) => {
      if (yes) manager.applyUpdate();
    });
  });
}
