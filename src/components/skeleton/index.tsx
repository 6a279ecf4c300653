import { View } from '@tarojs/components';
import './index.scss';

interface SkeletonProps {
  /** 'list': cards with a cover and lines (lists, search, orders); 'detail': a picture and text blocks; 'lines': text only. */
  variant?: 'list' | 'detail' | 'lines';
  /** How many cards ('list') or lines ('lines'). */
  count?: number;
  /** id on the root, for tests and page styles. */
  id?: string;
}

/**
 * The one loading state (DESIGN.md §8): grey shapes where the content will be, instead of a flash of 加载中 or
 * 暂无数据. The words stay for screen readers (visually hidden), so the state is announced, not only drawn.
 */
export default function Skeleton({ variant = 'list', count, id }: SkeletonProps) {
  return (
    <View className={`sf-skeleton sf-skeleton--${variant}`} id={id} aria-busy="true">
      <View className="sf-skeleton__label">加载中...</View>
      {variant === 'lines' ? <SkeletonLines count={count ?? 3} /> : null}
      {variant === 'list'
        ? Array.from({ length: count ?? 3 }, (_, i) => (
            <View key={i} className="sf-skeleton__card">
              <View className="sf-skeleton__cover" />
              <View className="sf-skeleton__body">
                <SkeletonLines count={2} />
                <View className="sf-skeleton__line is-short" />
              </View>
            </View>
          ))
        : null}
      {variant === 'detail' ? (
        <>
          <View className="sf-skeleton__picture" />
          <View className="sf-skeleton__block">
            <View className="sf-skeleton__line is-title" />
            <SkeletonLines count={2} />
          </View>
          <View className="sf-skeleton__block">
            <SkeletonLines count={count ?? 4} />
          </View>
        </>
      ) : null}
    </View>
  );
}

/** Grey bars where text will be; the last one shorter, as a paragraph ends. */
export function SkeletonLines({ count, lineClassName }: { count: number; lineClassName?: string }) {
  return (
    <View className="sf-skeleton__lines">
      {Array.from({ length: count }, (_, i) => (
        <View key={i} className={`sf-skeleton__line ${lineClassName || ''}`} />
      ))}
    </View>
  );
}
