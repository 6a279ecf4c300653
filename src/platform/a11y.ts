/**
 * What Taro's and taro-ui's H5 components do not pass on to the elements a screen reader reads (Lighthouse's
 * image-alt and label audits). Mini-programs have neither `alt` nor these elements: no-ops there, and
 * the `process.env.TARO_ENV` checks let their builds drop the code.
 */

/**
 * Alt text for Taro's Image, spread into its props: `<Image … {...imgAlt(name)} />`. On H5 Image is
 * <taro-image-core>, whose inner <img> takes only `nativeProps` (Taro 4.2's typed `imgProps` never reaches it).
 * An empty string marks a picture as decoration (its text is beside it).
 */
export function imgAlt(alt: string): { nativeProps?: { alt: string } } {
  return process.env.TARO_ENV === 'h5' ? { nativeProps: { alt } } : {};
}

/**
 * Names the parts of taro-ui's AtInputNumber under `root` (it takes no props for them): the number field gets
 * `label`, the − and + get role button, 减少 / 增加 and whether they are disabled. Call after each render (an effect).
 */
export function nameInputNumber(root: unknown, label: string): void {
  if (process.env.TARO_ENV !== 'h5' || typeof HTMLElement === 'undefined' || !(root instanceof HTMLElement)) return;
  // taro-input-core renders its <input> later (a web component): its nativeProps reach that input when it does.
  const field = root.querySelector('taro-input-core') as
    (HTMLElement & { nativeProps?: Record<string, string> }) | null;
  if (field) field.nativeProps = { 'aria-label': label };
  root.querySelectorAll('.at-input-number__btn').forEach((btn, i) => {
    btn.setAttribute('role', 'button');
    btn.setAttribute('aria-label', i === 0 ? '减少' : '增加');
    btn.setAttribute('aria-disabled', String(btn.classList.contains('at-input-number--disabled')));
  });
}
