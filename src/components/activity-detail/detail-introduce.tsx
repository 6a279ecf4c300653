import type { ActivityDetail } from '@contract/activity';
import Box from '../box';
import RichTextView from '../rich-text';
import { SkeletonLines } from '../skeleton';

interface DetailIntroduceProps {
  detail: ActivityDetail;
  /** The introduction's HTML; null while it is on its way (a skeleton shows). */
  html: string | null;
}

/** 课程介绍 / 商品详情, when the item has an introduction. */
export default function DetailIntroduce({ detail: d, html }: DetailIntroduceProps) {
  if (!d.hasProductIntroduce) return null;
  return (
    <Box className="sf-act__block" id="act-introduce">
      <Box className="sf-act__title">{d.actType === 'COURSE' ? '课程介绍' : '商品详情'}</Box>
      {html === null ? <SkeletonLines count={4} lineClassName="sf-act__skeleton-line" /> : <RichTextView html={html} />}
    </Box>
  );
}
