/** H5 Pic (see index.tsx): a plain <img>; display block and object-fit cover as Taro's aspectFill draws it. */
import type { PicProps } from './index';
import './index.h5.scss';

export default function Pic({ className, src, alt, lazy = false }: PicProps) {
  return <img className={`sf-pic ${className}`} src={src} alt={alt} loading={lazy ? 'lazy' : 'eager'} decoding="async" />;
}
