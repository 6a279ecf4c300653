/** Baidu: the same web-view flow as WeChat (carrier-redirect.weapp.ts). */
export * from './carrier-redirect.weapp';
