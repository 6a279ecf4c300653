/**
 * Callers import `platform/subscribe`; Taro picks index.h5.ts, index.weapp.ts or index.swan.ts for the target.
 * This file is what TypeScript and jest see: the H5 implementation, which shares the interface.
 */
export * from './index.h5';
