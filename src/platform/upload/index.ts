/**
 * Callers import `platform/upload`; Taro picks index.h5.ts (fetch + FormData) or index.weapp.ts / index.swan.ts
 * (Taro.uploadFile). This file is what TypeScript and jest see: the H5 implementation, same interface.
 */
export * from './index.h5';
