/**
 * Pictures side by side, one at a time, with dots (the home banner, a detail's gallery). Mini-programs: the native
 * Swiper. H5 has its own light version (index.h5.tsx) so no H5 page loads the swiper library for it;
 * jest and TypeScript see this file.
 */
import { Image, Swiper, SwiperItem } from '@tarojs/components';
import { imgAlt } from '../../platform/a11y';

export interface Slide {
  key: string;
  src: string;
  alt: string;
  /** data-jump of the picture (what a tap opens), for the home banner. */
  jump?: string;
  onClick: () => void;
}

export interface SlidesProps {
  /** The frame: its size and corners. */
  className: string;
  imageClassName: string;
  slides: Slide[];
  /** Advances by itself every 5 s and wraps round after the last (the banner); a gallery waits for the finger. */
  autoplay?: boolean;
}

export default function Slides({ className, imageClassName, slides, autoplay = false }: SlidesProps) {
  if (!slides.length) return null;
  return (
    <Swiper
      className={className}
      indicatorDots={slides.length > 1}
      autoplay={autoplay}
      circular={autoplay}
      indicatorActiveColor="#ffffff"
    >
      {slides.map((s) => (
        <SwiperItem key={s.key}>
          <Image
            className={imageClassName}
            src={s.src}
            mode="aspectFill"
            {...imgAlt(s.alt)}
            data-jump={s.jump}
            onClick={s.onClick}
          />
        </SwiperItem>
      ))}
    </Swiper>
  );
}
