/** Baidu smart program: Taro.request (mini.ts). */
export { transport } from './mini';
