/** Callers import `components/share-action`; Taro picks the target's file. TypeScript and jest see the H5 one. */
export { default } from './index.h5';
