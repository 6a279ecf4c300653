/**
 * Callers import `platform/login`; Taro picks index.h5.ts, index.weapp.ts or index.swan.ts for the target.
 * This file is what TypeScript and jest see: the H5 implementation (WeChat browser OAuth; a plain browser has
 * no platform login and answers `unavailable`, so SMS login is the fallback), which shares the interface.
 */
export * from './index.h5';
