import { Canvas, Image, View } from '@tarojs/components';
import EmptyView from '../empty-view';
import { POSTER_CANVAS_ID, POSTER_HEIGHT, POSTER_TEXTS, POSTER_WIDTH } from './layout';
import { useSharePoster } from './use-share-poster';
import './index.scss';

interface SharePosterProps {
  /** The item whose detail page the poster shares. */
  actSn: string;
}

/**
 * A detail page's share poster (§3 session sharePoster): drawn on a canvas, shown as an image a customer long-presses
 * to save or send; in the mini-programs 保存到相册 saves it to the album too.
 */
export default function SharePoster({ actSn }: SharePosterProps) {
  const poster = useSharePoster(actSn);
  const mini = process.env.TARO_ENV !== 'h5';
  return (
    <View className="sf-poster">
      {/* The mini-programs paint on a canvas of the page, kept off screen; H5 paints on one of its own. */}
      {mini ? (
        <Canvas
          canvasId={POSTER_CANVAS_ID}
          className="sf-poster__canvas"
          style={`width: ${POSTER_WIDTH}px; height: ${POSTER_HEIGHT}px;`}
        />
      ) : null}
      {poster.image ? (
        <Image
          id="share-poster-image"
          className="sf-poster__image"
          src={poster.image}
          mode="widthFix"
          showMenuByLongpress
        />
      ) : poster.error ? (
        <EmptyView text={poster.error} actionText={POSTER_TEXTS.retry} onAction={() => void poster.retry()} />
      ) : (
        <View className="sf-poster__placeholder">{POSTER_TEXTS.drawing}</View>
      )}
      {poster.image ? <View className="sf-poster__hint">{POSTER_TEXTS.longPress}</View> : null}
      {poster.image && mini ? (
        <View className="sf-btn sf-poster__save" onClick={() => void poster.save()}>
          {POSTER_TEXTS.save}
        </View>
      ) : null}
    </View>
  );
}
