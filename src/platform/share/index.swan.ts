/** Baidu smart-program sharing: as on WeChat (mini.ts), and Baidu's share object also carries `content`. */
import { useRef } from 'react';
import Taro, { useDidShow, useShareAppMessage } from '@tarojs/taro';
import { toast } from '../ui';
import { createMiniShare, type MiniShareApi } from './mini';
import type { UsePageShare } from './types';

export * from './types';

export function createSwanShare(api: MiniShareApi) {
  const mini = createMiniShare(api);
  return {
    onShow: mini.onShow,
    /** Baidu's share object: title, content, imageUrl, path. */
    message: (options: Parameters<typeof mini.message>[0]) => {
      const m = mini.message(options);
      return { title: m.title, content: m.content, imageUrl: m.imageUrl, path: m.path };
    },
  };
}

const share = createSwanShare({ hideShareMenu: () => Taro.hideShareMenu(), toast });

export const usePageShare: UsePageShare = (options) => {
  const latest = useRef(options);
  latest.current = options;
  useDidShow(() => share.onShow(latest.current));
  useShareAppMessage(() => share.message(latest.current) as ReturnType<Parameters<typeof useShareAppMessage>[0]>);
};
