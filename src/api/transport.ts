/**
 * The running app's transport: the platform's (src/platform/http: fetch on H5, Taro.request in the
 * mini-programs). It keeps its first name, `taroTransport`, because the page tests replace this module by it
 * (jest.mock('src/api/transport'), __tests__/pages/harness.ts).
 */
export { transport as taroTransport } from '../platform/http';
