/** Callers import `platform/page-load`; Taro picks the target's file. This is what TypeScript and jest see. */
export * from './index.h5';
