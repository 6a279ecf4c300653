import Box from '../box';
import './index.scss';

interface SkeletonProps {
  /**
   * 'list': cards with a cover and lines (lists, search, orders); 'detail': a picture and text blocks; 'lines': text
   * only.
   */
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
    <Box className={`sf-skeleton sf-skeleton--${variant}`} id={id} aria-busy="true">
      <Box className="sf-skeleton__label">加载中...</Box>
      {variant === 'lines' ? <SkeletonLines count={count ?? 3} /> : null}
      {variant === 'list'
        ? Array.from({ length: count ?? 3 }, (_, i) => (
            <Box key={i} className="sf-skeleton__card">
              <Box className="sf-skeleton__cover" />
              <Box className="sf-skeleton__body">
                <SkeletonLines count={2} />
                <Box className="sf-skeleton__line is-short" />
              </Box>
            </Box>
          ))
        : null}
      {variant === 'detail' ? (
        <>
          <Box className="sf-skeleton__picture" />
          <Box className="sf-skeleton__block">
            <Box className="sf-skeleton__line is-title" />
            <SkeletonLines count={2} />
          </Box>
          <Box className="sf-skeleton__block">
            <SkeletonLines count={count ?? 4} />
          </Box>
        </>
      ) : null}
    </Box>
  );
}

/** Grey bars where text will be; the last one shorter, as a paragraph ends. */
export function SkeletonLines({ count, lineClassName }: { count: number; lineClassName?: string }) {
  return (
    <Box className="sf-skeleton__lines">
      {Array.from({ length: count }, (_, i) => (
        <Box key={i} className={`sf-skeleton__line ${lineClassName || ''}`} />
      ))}
    </Box>
  );
}
