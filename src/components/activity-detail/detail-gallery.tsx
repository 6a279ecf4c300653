import { Image } from '@tarojs/components';
import type { ActivityDetail } from '@contract/activity';
import { assetUrl } from '../../api/asset';
import { imgAlt } from '../../platform/a11y';
import { previewImages } from '../../platform/preview';
import Box from '../box';
// Native Swiper in mini-programs, a light scroll-snap strip on H5.
import Slides from '../slides';

interface DetailGalleryProps {
  /** The item whose cover and pictures are shown. */
  detail: ActivityDetail;
}

/** The item's pictures (the cover first, each once); a tap opens them full screen. Nothing when there are none. */
export default function DetailGallery({ detail: d }: DetailGalleryProps) {
  const pictures = Array.from(new Set([d.cover, ...d.images].filter(Boolean))).map(assetUrl);
  if (pictures.length > 1)
    return (
      <Slides
        className="sf-act__gallery"
        imageClassName="sf-act__picture"
        slides={pictures.map((src) => ({ key: src, src, alt: d.actName, onClick: () => previewImages(pictures, src) }))}
      />
    );
  if (!pictures.length) return null;
  return (
    // The frame gives the height; the picture fills it (one element with both classes ended at 0 height).
    <Box className="sf-act__gallery">
      <Image
        className="sf-act__picture"
        src={pictures[0]}
        mode="aspectFill"
        {...imgAlt(d.actName)}
        onClick={() => previewImages(pictures)}
      />
    </Box>
  );
}
