/**
 * taro-ui's AtSwipeAction on Taro 4 H5: on touchend it decides open or closed and sets its movable view's x, but
 * <taro-movable-view-core> handles the same touchend after it and leaves the view where the finger stopped, so a
 * row stays half open. Called from an ancestor's touchend (which runs after both), this re-applies each view's x
 * on the next frame. The mini-programs' native movable-view settles by itself: a no-op there.
 */
export function settleSwipeRows(root: unknown): void {
  if (process.env.TARO_ENV !== 'h5' || typeof HTMLElement === 'undefined' || !(root instanceof HTMLElement)) return;
  requestAnimationFrame(() => {
    root.querySelectorAll('taro-movable-view-core').forEach((el) => {
      const view = el as HTMLElement & { x?: number | string };
      const x = Number(view.x) || 0;
      // Setting the value it already has would not wake the component's watcher: step off it and back.
      view.x = x + 0.5;
      view.x = x;
    });
  });
}
