/** Taro.request as a Transport: works the same on H5, weapp and swan. */
import Taro from '@tarojs/taro';
import type { Transport } from './request';

export const taroTransport: Transport = (req) =>
  new Promise((resolve, reject) => {
    Taro.request({
      url: req.url,
      method: req.method,
      data: req.data,
      header: req.header,
      timeout: req.timeout,
      dataType: 'json',
      success: (res) => resolve({ statusCode: res.statusCode, data: res.data }),
      fail: (err) => reject(err),
      // Taro.request also returns a promise that rejects on the same failure; the callbacks above already
      // handle it, so the promise's copy is caught here rather than left as an unhandled rejection.
    })?.catch?.(() => undefined);
  });
