/** WeChat mini-program: Taro.request (mini.ts). */
export { transport } from './mini';
