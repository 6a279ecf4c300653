/** platform/swipe: after a touchend, each movable view is sent back to the x its swipe action chose. */
import { settleSwipeRows } from '../../src/platform/swipe';

function movableView(x: number | string, seen: number[]): HTMLElement {
  const el = document.createElement('taro-movable-view-core');
  let value = x;
  // The web component reacts to each change of `x` (its watcher); record what it is given.
  Object.defineProperty(el, 'x', {
    get: () => value,
    set: (v: number) => {
      value = v;
      seen.push(v);
    },
  });
  return el;
}

test('each view under the root is stepped off its x and back, on the next frame', () => {
  const frame = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
  const root = document.createElement('div');
  const open: number[] = [];
  const closed: number[] = [];
  root.append(movableView(-204, open), movableView('0', closed));
  settleSwipeRows(root);
  expect(open).toEqual([]);
  (frame.mock.calls[0][0] as FrameRequestCallback)(0);
  expect(open).toEqual([-203.5, -204]);
  expect(closed).toEqual([0.5, 0]);
  frame.mockRestore();
});

test('anything but an element is left alone', () => {
  const frame = jest.spyOn(window, 'requestAnimationFrame');
  settleSwipeRows(null);
  settleSwipeRows({});
  expect(frame).not.toHaveBeenCalled();
  frame.mockRestore();
});
