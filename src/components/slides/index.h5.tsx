/**
 * Slides on H5: pictures in a CSS scroll-snap strip, advanced by a small timer when `autoplay`, instead of
 * Taro's Swiper, whose swiper library (about 45 KB compressed) the first screen would otherwise load: Taro's React
 * component wrappers are one module, so one Swiper anywhere in the H5 puts it into every page's chunks.
 * Same behaviour as the native Swiper (index.tsx): dots when there is more than one picture, the active dot white;
 * with autoplay, the next picture every 5 s and the first again after the last, waiting while a finger is on it
 * or the page is hidden. Plain DOM elements: H5 renders through react-dom.
 */
import { useEffect, useRef, useState } from 'react';
import type { SlidesProps } from './index';
import { releaseFirstScreen } from './first-screen';
import './index.h5.scss';

/** Taro Swiper's default interval. */
const INTERVAL_MS = 5000;

export default function Slides({ className, imageClassName, slides, autoplay = false }: SlidesProps) {
  const track = useRef<HTMLDivElement>(null);
  const touching = useRef(false);
  const [active, setActive] = useState(0);
  const count = slides.length;

  useEffect(() => {
    if (!autoplay || count < 2) return undefined;
    const timer = setInterval(() => {
      const el = track.current;
      if (!el || touching.current || document.hidden || !el.clientWidth) return;
      const next = (Math.round(el.scrollLeft / el.clientWidth) + 1) % count;
      el.scrollTo({ left: next * el.clientWidth, behavior: 'smooth' });
    }, INTERVAL_MS);
    return () => clearInterval(timer);
  }, [autoplay, count]);

  if (!count) return null;
  const onScroll = () => {
    const el = track.current;
    if (el && el.clientWidth) setActive(Math.round(el.scrollLeft / el.clientWidth));
  };
  return (
    <div className={`sf-slides ${className}`}>
      <div
        className="sf-slides__track"
        ref={track}
        onScroll={onScroll}
        onTouchStart={() => (touching.current = true)}
        onTouchEnd={() => (touching.current = false)}
      >
        {slides.map((s, i) => (
          <img
            key={s.key}
            className={`sf-slides__img ${imageClassName}`}
            src={s.src}
            alt={s.alt}
            // The first picture is the screen's largest paint: fetched at once and first; the others when the browser
            // likes.
            loading={i === 0 ? 'eager' : 'lazy'}
            fetchPriority={i === 0 ? 'high' : undefined}
            // The first picture on screen (or failed) is where the server-drawn copy gives way (first-screen.h5.ts).
            onLoad={i === 0 ? (e) => releaseFirstScreen(e.currentTarget) : undefined}
            onError={i === 0 ? () => releaseFirstScreen() : undefined}
            data-jump={s.jump}
            onClick={s.onClick}
          />
        ))}
      </div>
      {count > 1 ? (
        <div className="sf-slides__dots" aria-hidden="true">
          {slides.map((s, i) => (
            <span key={s.key} className={i === active ? 'sf-slides__dot sf-slides__dot--active' : 'sf-slides__dot'} />
          ))}
        </div>
      ) : null}
    </div>
  );
}
