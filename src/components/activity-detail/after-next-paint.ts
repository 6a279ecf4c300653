/**
 * Resolves once the next frame has been drawn (a timer queued from a frame callback runs after that frame); at once
 * where nothing draws frames (a hidden tab, the mini-programs' logic layer).
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const drawing = typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && !document.hidden;
    if (drawing) requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}
