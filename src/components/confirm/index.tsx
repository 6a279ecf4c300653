/**
 * Callers import `components/confirm`; Taro picks index.h5.tsx, index.weapp.tsx or index.swan.tsx for the target.
 * This file is what TypeScript and jest see: the H5 dialog, which shares the interface in types.ts.
 */
export * from './index.h5';
export { default } from './index.h5';
