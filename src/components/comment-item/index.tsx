import { Image } from '@tarojs/components';
import type { Comment } from '@contract/activity';
import { assetUrl } from '../../api/asset';
import Box from '../box';
import { previewImages } from '../../platform/preview';
import './index.scss';
import { formatChinaTime } from '@contract/rules/china-time';
import { imgAlt } from '../../platform/a11y';

interface CommentItemProps {
  /** The review to show. */
  comment: Comment;
}

/** One review: who, stars, when, text, pictures (tap to enlarge) and the merchant's reply. */
export default function CommentItem({ comment }: CommentItemProps) {
  const images = comment.images.map(assetUrl);
  return (
    <Box className="sf-comment" data-comment-id={comment.commentId}>
      <Box className="sf-comment__head">
        {comment.avatar ? (
          <Image className="sf-comment__avatar" src={assetUrl(comment.avatar)} mode="aspectFill" {...imgAlt('')} />
        ) : (
          <Box className="sf-comment__avatar">{comment.nickName.slice(0, 1)}</Box>
        )}
        <Box className="sf-comment__who">
          <Box className="sf-comment__name">{comment.nickName}</Box>
          {/* One name for the row of stars; a reader would otherwise read five ★. */}
          <Box className="sf-comment__stars" role="img" aria-label={`${comment.score}星`}>
            {[1, 2, 3, 4, 5].map((n) => (
              <Box key={n} className={`sf-comment__star ${n <= comment.score ? 'is-on' : ''}`}>
                ★
              </Box>
            ))}
          </Box>
        </Box>
        <Box className="sf-comment__date">{formatChinaTime(comment.createdAt, 'YYYY-MM-DD')}</Box>
      </Box>
      <Box className="sf-comment__content">{comment.content}</Box>
      {images.length ? (
        <Box className="sf-comment__images">
          {images.map((src, i) => (
            <Image
              key={src}
              className="sf-comment__image"
              src={src}
              mode="aspectFill"
              lazyLoad
              {...imgAlt(`评价图片${i + 1}`)}
              onClick={() => previewImages(images, src)}
            />
          ))}
        </Box>
      ) : null}
      {comment.reply ? (
        <Box className="sf-comment__reply">
          <Box className="sf-comment__reply-label">商家回复：</Box>
          {comment.reply}
        </Box>
      ) : null}
    </Box>
  );
}
