/**
 * Mini-program confirmation: the host's own dialog, with the theme's colour on its confirm button. AtModal here
 * would grow a main package held under 600 KB (its style, taro-ui's modal and our dialog) for a dialog the host
 * already draws natively, above everything on the page.
 */
import Taro from '@tarojs/taro';
import { primaryTextColour } from '../../domain/theme';
import { rootStore } from '../../stores';
import { question, type Confirm } from './types';

export type { ConfirmOptions } from './types';

/** Asks before an action; resolves true when the visitor chose the confirm button. */
export const confirm: Confirm = async (options) => {
  try {
    const confirmColor = primaryTextColour(rootStore.session.theme);
    return (await Taro.showModal({ ...question(options), confirmColor })).confirm;
  } catch {
    return false;
  }
};

/** Nothing to draw: the host shows the dialog. */
export default function ConfirmHost() {
  return null;
}
