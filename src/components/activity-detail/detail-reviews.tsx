import type { ActivityDetail } from '@contract/activity';
import { reviewSummaryText } from '../../domain/catalogue';
import { ROUTES } from '../../domain/routes';
import { openPage } from '../../platform/navigation';
import Box from '../box';
import CommentItem from '../comment-item';

/** Reviews shown on the detail page before 查看全部. */
export const LATEST_REVIEWS = 3;

interface DetailReviewsProps {
  detail: ActivityDetail;
}

/** 用户评价: the count and good rate, the latest reviews, and 查看全部 (or 写评价 when there are none yet). */
export default function DetailReviews({ detail: d }: DetailReviewsProps) {
  return (
    <Box className="sf-act__block" id="act-reviews">
      <Box className="sf-act__title-row">
        <Box className="sf-act__title">用户评价</Box>
        <Box className="sf-act__more" onClick={() => void openPage(ROUTES.getCommentList, { actSn: d.actSn })}>
          {d.commentSummary.total > 0 ? '查看全部 ›' : d.canComment ? '写评价 ›' : ''}
        </Box>
      </Box>
      <Box className="sf-act__review-summary">
        {reviewSummaryText(d.commentSummary.total, d.commentSummary.goodRate)}
      </Box>
      {d.commentSummary.latest.slice(0, LATEST_REVIEWS).map((c) => (
        <CommentItem key={c.commentId} comment={c} />
      ))}
    </Box>
  );
}
