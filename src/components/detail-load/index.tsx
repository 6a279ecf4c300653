import { View } from '@tarojs/components';
import { useDidHide, useDidShow, useUnload } from '@tarojs/taro';
import { runInAction } from 'mobx';
import { useLocalObservable } from 'mobx-react-lite';
import { useRef, type ReactNode } from 'react';
import { errorMessage } from '../../api/error-message';
import EmptyView from '../empty-view';
import PageShell from '../page-shell';

interface DetailLoadOptions<T> {
  /** Reads the record (an api call). */
  fetch: () => Promise<T>;
  /** Asked again every `refreshMs` while this holds (a refund or a payout the provider still works on). */
  again?: (data: T) => boolean;
  refreshMs?: number;
  /** Shown when the read fails with no server message. */
  failText?: string;
  /** The page's own classes: PageShell's, and the loading card's (card + muted). */
  shellClass: string;
  loadingClass: string;
}

/**
 * The skeleton the detail pages of the sub-packages share (withdrawDetails, afterSaleDetail, logistics): read on
 * every show, ask again while the record is still moving, stop on hide and unload, keep only the newest read's
 * answer (an older one arriving late is dropped), and until there is something to show, a 重试 view or
 * 加载中. Call it inside an observer page; `gate`, when not null, is what the page renders instead of itself.
 */
export function useDetailLoad<T>(options: DetailLoadOptions<T>): {
  data: T | null;
  gate: ReactNode | null;
  load: () => Promise<void>;
} {
  const { fetch, again, refreshMs = 3000, failText = '加载失败，请重试', shellClass, loadingClass } = options;
  const s = useLocalObservable(() => ({ data: null as T | null, error: '' }));
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const loads = useRef(0);
  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  async function load() {
    stop();
    const mine = ++loads.current;
    try {
      const data = await fetch();
      if (mine !== loads.current) return;
      runInAction(() => ((s.data = data), (s.error = '')));
      if (again?.(data)) timer.current = setTimeout(() => void load(), refreshMs);
    } catch (err) {
      if (mine !== loads.current) return;
      runInAction(() => (s.error = errorMessage(err, failText)));
    }
  }
  useDidShow(() => void load());
  useDidHide(stop);
  useUnload(stop);

  let gate: ReactNode | null = null;
  if (s.error)
    gate = (
      <PageShell className={shellClass}>
        <EmptyView text={s.error} actionText="重试" onAction={() => void load()} />
      </PageShell>
    );
  else if (s.data === null)
    gate = (
      <PageShell className={shellClass}>
        <View className={loadingClass}>加载中...</View>
      </PageShell>
    );
  return { data: s.data as T | null, gate, load };
}
