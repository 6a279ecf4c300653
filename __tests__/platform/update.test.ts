/** §8 update prompt: 更新提示 / 新版本已经准备好，是否重启应用？, restarting only on confirm. */
import { UPDATE_TEXTS, watchForUpdates } from '../../src/platform/update';

function fakeManager() {
  let ready: (() => void) | null = null;
  return {
    onUpdateReady: (cb: () => void) => (ready = cb),
    applyUpdate: jest.fn(),
    fire: () => ready?.(),
  };
}

test("the texts are the spec's", () => {
  expect(UPDATE_TEXTS).toEqual({ title: '更新提示', content: '新版本已经准备好，是否重启应用？' });
});

test.each([
  [true, 1],
  [false, 0],
])('confirm %s restarts %s time(s)', async (answer, times) => {
  const manager = fakeManager();
  const confirm = jest.fn(async () => answer);
  watchForUpdates(manager, confirm);
  expect(confirm).not.toHaveBeenCalled();
  manager.fire();
  await new Promise((r) => setTimeout(r, 0));
  expect(confirm).toHaveBeenCalledWith('更新提示', '新版本已经准备好，是否重启应用？');
  expect(manager.applyUpdate).toHaveBeenCalledTimes(times);
});

test('no update manager (H5): nothing to do', () => {
  expect(() => watchForUpdates(null)).not.toThrow();
});
