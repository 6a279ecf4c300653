/**
 * The lifecycle every plain paged page wires the same way (it was written out in five pages): the first
 * page each time the page is shown (so a change made on another page is seen on return), the next page as it
 * scrolls to the bottom, and pull-down to start over.
 */
import Taro, { useDidShow, usePullDownRefresh, useReachBottom } from '@tarojs/taro';
import { useState } from 'react';
import { type FetchPage, PagedList } from '../../stores/paged-list';

export function useShownPagedList<T>(fetchPage: FetchPage<T>, perSize = 10): PagedList<T> {
  const [list] = useState(() => new PagedList<T>(fetchPage, perSize));
  useDidShow(() => void list.load(true));
  useReachBottom(() => void list.load(false));
  usePullDownRefresh(async () => {
    await list.load(true);
    Taro.stopPullDownRefresh();
  });
  return list;
}
