/**
 * A screen's main button. On Baidu (index.swan.tsx) it is also the submit button of the subscribe form Baidu grants
 * notices through; on WeChat (which asks through its sheet, stores/subscribe.ts) and H5 it is the plain button.
 */
export { default, type SubscribeButtonProps } from './plain-button';
