/** WeChat mini-program sharing: useShareAppMessage on allow-listed pages, hideShareMenu elsewhere (see mini.ts). */
import { useRef } from 'react';
import Taro, { useDidShow, useShareAppMessage } from '@tarojs/taro';
import { toast } from '../ui';
import { createMiniShare, type MiniShareApi } from './mini';
import type { UsePageShare } from './types';

export * from './types';

export function createWeappShare(api: MiniShareApi) {
  const mini = createMiniShare(api);
  return {
    onShow: mini.onShow,
    /** WeChat's share object: title, path, imageUrl (it has no description field). */
    message: (options: Parameters<typeof mini.message>[0]) => {
      const m = mini.message(options);
      return { title: m.title, path: m.path, imageUrl: m.imageUrl };
    },
  };
}

const share = createWeappShare({ hideShareMenu: () => Taro.hideShareMenu(), toast });

export const usePageShare: UsePageShare = (options) => {
  const latest = useRef(options);
  latest.current = options;
  useDidShow(() => share.onShow(latest.current));
  useShareAppMessage(() => share.message(latest.current));
};
