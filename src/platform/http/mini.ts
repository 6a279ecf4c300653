/** Mini-program transport for the request wrapper (src/api/request.ts): Taro.request, on weapp and swan alike. */
import Taro from '@tarojs/taro';
import type { Transport } from '../../api/request';

export const transport: Transport = (req) =>
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
