/** Baidu smart program: Taro.scanCode (swan.scanCode), the same contract as WeChat's. */
export * from './index.weapp';
