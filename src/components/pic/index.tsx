/**
 * A cover picture of the home's modules and cards, cropped to fill its box (issue 17). Mini-programs and jest:
 * Taro's Image (aspectFill). H5 has index.h5.tsx, a plain <img> with object-fit: cover, instead of the
 * <taro-image-core> web component, which costs the first screen main-thread time per picture.
 */
import { Image } from '@tarojs/components';
import { imgAlt } from '../../platform/a11y';

export interface PicProps {
  className: string;
  src: string;
  /** Read to screen readers on H5; '' marks a picture as decoration (its text is beside it). */
  alt: string;
  /** Fetched when it nears the screen instead of at once. */
  lazy?: boolean;
}

export default function Pic({ className, src, alt, lazy = false }: PicProps) {
  return <Image className={className} src={src} mode="aspectFill" lazyLoad={lazy} {...imgAlt(alt)} />;
}
