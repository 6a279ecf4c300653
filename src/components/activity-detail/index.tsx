import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { payingCarrier, type IntegralType } from '@contract/rules/integral';
import { switchToTab } from '../../platform/navigation';
import EmptyView from '../empty-view';
import IntegralQuery from '../integral-query';
import PageShell from '../page-shell';
import Skeleton from '../skeleton';
import DetailAttrs from './detail-attrs';
import DetailCourses from './detail-courses';
import DetailGallery from './detail-gallery';
import DetailHead from './detail-head';
import DetailHot from './detail-hot';
import DetailIntroduce from './detail-introduce';
import DetailPromises from './detail-promises';
import DetailReviews from './detail-reviews';
import DetailShare from './detail-share';
import DetailWhenWhere from './detail-when-where';
import { releaseDrawnDetail } from './first-screen';
import OrderBar from './order-bar';
import { useActivityDetail } from './use-activity-detail';
import './index.scss';

export { LATEST_REVIEWS } from './detail-reviews';

interface ActivityDetailScreenProps {
  /** The item to show (route param actSn). */
  actSn: string;
}

/**
 * §2 activity and course detail (activityDetail and courseDetail share it): pictures, price, tags, packages,
 * gift courses, attributes, refund and hold tags, reviews, introduction, recommendations and the order button.
 * What it does lives in useActivityDetail; the blocks are the files beside this one.
 */
function ActivityDetailScreen({ actSn }: ActivityDetailScreenProps) {
  const { state, order, openCard } = useActivityDetail(actSn);
  const d = state.detail;

  // A shared item's server-drawn first screen gives way once the item (or why it cannot be shown) is on screen.
  useEffect(() => {
    if (d || state.error) releaseDrawnDetail(!!d);
  }, [d, state.error]);

  if (!d) {
    return (
      <PageShell className="sf-act">
        {state.error ? (
          <EmptyView text={state.error} actionText="返回首页" onAction={() => void switchToTab(0)} />
        ) : (
          <Skeleton variant="detail" id="act-skeleton" />
        )}
      </PageShell>
    );
  }

  const integral = d.integralPackage;
  return (
    <PageShell className="sf-act" share={state.share}>
      <DetailGallery detail={d} />
      <DetailHead detail={d} price={state.price} share={<DetailShare info={state.share} actSn={d.actSn} />} />
      <DetailCourses detail={d} chosenPackageSn={state.chosenPackageSn} onChoosePackage={state.choosePackage} />
      <DetailAttrs detail={d} attrs={state.attrs} onQueryIntegral={() => state.setIntegralOpen(true)} />
      <DetailWhenWhere detail={d} />
      <DetailPromises detail={d} />
      <DetailReviews detail={d} />
      <DetailIntroduce detail={d} html={state.introduce} />
      <DetailHot cards={state.hot} onOpen={openCard} />
      <OrderBar detail={d} price={state.price} onOrder={order} />
      {integral ? (
        <IntegralQuery
          open={state.integralOpen}
          integralType={payingCarrier(integral) as IntegralType}
          onClose={() => state.setIntegralOpen(false)}
          onResume={() => state.setIntegralOpen(true)}
        />
      ) : null}
    </PageShell>
  );
}

export default observer(ActivityDetailScreen);
