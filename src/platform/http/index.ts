/**
 * The transport under the request wrapper. Callers import `platform/http`; Taro picks index.h5.ts (the browser's
 * fetch) or index.weapp.ts / index.swan.ts (Taro.request). This file is what TypeScript and jest see: the H5
 * implementation, same interface.
 */
export * from './index.h5';
