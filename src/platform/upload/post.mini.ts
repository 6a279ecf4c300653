/** Mini-programs: Taro.uploadFile posts the same multipart form (formData fields, then the file as `file`). */
import Taro from '@tarojs/taro';
import type { PostObject } from './types';

export const postObject: PostObject = (host, fields, image) =>
  new Promise((resolve, reject) => {
    Taro.uploadFile({
      url: host,
      filePath: image.path,
      name: 'file',
      formData: fields,
      success: (res) => resolve(res.statusCode),
      fail: (err) => reject(err),
    });
  });
