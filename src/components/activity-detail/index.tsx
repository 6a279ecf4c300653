import { Image } from '@tarojs/components';
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro';
import type { ReactNode } from 'react';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { observable, runInAction } from 'mobx';
import type { ActivityDetail, ShareInfo } from '@contract/activity';
import type { ActivityCard as Card } from '@contract/pages';
import type { SpecAttr } from '../../api/activity';
import { assetUrl } from '../../api/asset';
import { ApiError } from '../../api/request';
import {
  MISSING_ACT_SN,
  choosePackageSn,
  detailJumpEnum,
  itemPriceText,
  orderRoute,
  promiseTags,
  reviewSummaryText,
} from '../../domain/catalogue';
import { resolveJump } from '../../domain/jump';
import { formatMoney } from '@contract/rules/money';
import { integralCarrier, type IntegralType } from '@contract/rules/integral';
import { ROUTES } from '../../domain/routes';
import { followJump, openPage, switchToTab } from '../../platform/navigation';
import { previewImages } from '../../platform/preview';
import { setPageTitle, toast } from '../../platform/ui';
import { useStores } from '../../stores';
import { loadItemWithAttrs } from '../../stores/page-prefetch';
import ActivityCard from '../activity-card';
import Box from '../box';
import CommentItem from '../comment-item';
import EmptyView from '../empty-view';
import IntegralQuery from '../integral-query';
import { signUpAndOpen } from '../integral-query/sign-up';
import Skeleton, { SkeletonLines } from '../skeleton';
import PageShell from '../page-shell';
import RichTextView from '../rich-text';
// Native Swiper in mini-programs, a light scroll-snap strip on H5.
import Slides from '../slides';
import ShareAction from '../share-action';
import TagStrip from '../tag-strip';
import './index.scss';
import { imgAlt } from '../../platform/a11y';

/** Reviews shown on the detail page before 查看全部. */
export const LATEST_REVIEWS = 3;

interface ActivityDetailScreenProps {
  /** The item to show (route param actSn). */
  actSn: string;
}

/**
 * §2 activity and course detail (activityDetail and courseDetail share it): pictures, price, tags, packages,
 * gift courses, attributes, refund and hold tags, reviews, introduction, recommendations and the order button.
 */
function ActivityDetailScreen({ actSn }: ActivityDetailScreenProps) {
  const { api, session, pagePrefetch } = useStores();
  const state = useLocalObservable(
    () => ({
      detail: null as ActivityDetail | null,
      attrs: [] as SpecAttr[],
      hot: [] as Card[],
      share: null as ShareInfo | null,
      /** null until the introduction has arrived: a skeleton shows meanwhile, never 内容为空. */
      introduce: null as string | null,
      error: '',
      loading: false,
      /** The package the customer tapped (null: the item's first). */
      packageSn: null as string | null,
      /** Points items: the 积分查询 popup and the points order. */
      integralOpen: false,
    }),
    {
      // Answers are replaced whole, never edited in place: kept as they came rather than made deeply observable
      // (MobX wrapped every field of the item and its reviews on the way to the first draw).
      detail: observable.ref,
      attrs: observable.ref,
      hot: observable.ref,
      share: observable.ref,
    },
  );

  /** `refresh`: a pull-down, which never takes what the entrance asked for early. */
  async function load(refresh = false): Promise<void> {
    if (!actSn) {
      runInAction(() => (state.error = MISSING_ACT_SN));
      return;
    }
    // Without a session the page shell is on its way to the entrance; it comes back here afterwards.
    if (!session.token || state.loading) return;
    runInAction(() => (state.loading = true));
    try {
      // The attributes are asked for beside the item and shown with it: their block sits above the fold, and
      // drawn when they came, a call later, it pushed the blocks under it down (a layout shift of 0.034).
      // Extra like the rest: when the call fails the item shows without them. A shared link's entrance may have
      // asked for both already (stores/page-prefetch).
      const early = refresh ? null : await pagePrefetch.takeItem(actSn);
      const { detail, attrs } = early ?? (await loadItemWithAttrs(api, actSn));
      runInAction(() => {
        state.detail = detail;
        if (attrs) state.attrs = attrs;
        state.error = '';
      });
      setPageTitle(detail.actName);
      // The rest is extra, below the item: asked for once the item is on screen, so that neither their requests nor
      // their drawing come before the item's first paint (a shared link's largest paint). One of them failing must
      // not take the item off the screen.
      if (!refresh) await afterNextPaint();
      const [hot, share, introduce] = await Promise.allSettled([
        api.activity.hotRecommend(actSn),
        api.activity.share(actSn),
        detail.hasProductIntroduce ? api.activity.introduce(actSn) : Promise.resolve({ content: '' }),
      ]);
      runInAction(() => {
        if (hot.status === 'fulfilled') state.hot = hot.value.list.filter((c) => c.actSn !== actSn);
        if (share.status === 'fulfilled') state.share = share.value;
        // A failed introduction shows as empty (内容为空) rather than loading for ever.
        state.introduce = introduce.status === 'fulfilled' ? introduce.value.content : (state.introduce ?? '');
      });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : String(err);
      // A refresh that fails keeps what is on screen; a first load that fails says why, with a way home.
      if (state.detail) toast(message);
      else runInAction(() => (state.error = message));
    } finally {
      runInAction(() => (state.loading = false));
    }
  }

  // Every show: after buying or reviewing elsewhere, the order button and review state must be current.
  useDidShow(() => void load());
  usePullDownRefresh(async () => {
    await load(true);
    Taro.stopPullDownRefresh();
  });

  const d = state.detail;
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

  const pictures = Array.from(new Set([d.cover, ...d.images].filter(Boolean))).map(assetUrl);
  const promises = promiseTags(d.refundTags, d.holdTypes);
  const integral = d.integralPackage;
  // The chosen package is what 立即报名 orders, so its price is the one shown.
  const packageSn = choosePackageSn(d.packages, state.packageSn);
  const chosen = d.packages.find((p) => p.packageSn === packageSn) ?? null;
  const price = chosen ? chosen.price : d.price;
  const openCard = (card: Card) =>
    void followJump(resolveJump({ firstEnum: detailJumpEnum(card.actType), targetSn: card.actSn }, session.tabList));
  const order = () => {
    if (!d.orderEnabled) {
      toast(d.disabledReason || '');
      return;
    }
    // Points items order for points; zero-price items sign up without a cashier.
    if (integral) return void openPage(ROUTES.integralOrder, { actSn: d.actSn });
    if (price === 0 && d.actType !== 'COURSE') return void signUpAndOpen(api, d.actSn);
    void openPage(orderRoute(d.actType), packageSn ? { targetSn: d.actSn, packageSn } : { targetSn: d.actSn });
  };

  return (
    <PageShell className="sf-act" share={state.share}>
      {pictures.length > 1 ? (
        <Slides
          className="sf-act__gallery"
          imageClassName="sf-act__picture"
          slides={pictures.map((src) => ({
            key: src,
            src,
            alt: d.actName,
            onClick: () => previewImages(pictures, src),
          }))}
        />
      ) : pictures.length ? (
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
      ) : null}

      <Box className="sf-act__block sf-act__head">
        <Box className="sf-act__price-row">
          <Box className="sf-price sf-act__price">{itemPriceText(price, d.pointsPrice)}</Box>
          {d.originalPrice && d.originalPrice > price && !d.pointsPrice ? (
            <Box className="sf-act__origin">{formatMoney(d.originalPrice)}</Box>
          ) : null}
          <Box className="sf-act__sales">已售{d.sales}</Box>
          <ShareAction info={state.share} />
        </Box>
        {d.depositAmount ? <Box className="sf-act__deposit">定金 {formatMoney(d.depositAmount)}</Box> : null}
        <Box className="sf-act__name">{d.actName}</Box>
        <TagStrip item={d} />
        {d.summary ? <Box className="sf-act__summary">{d.summary}</Box> : null}
      </Box>

      {d.courseName && !d.isPackage ? (
        <Box className="sf-act__block">
          <Box className="sf-act__title">课程</Box>
          <Box className="sf-act__course">
            {d.courseCover ? (
              <Image className="sf-act__course-cover" src={assetUrl(d.courseCover)} mode="aspectFill" {...imgAlt('')} />
            ) : null}
            <Box className="sf-act__course-name">{d.courseName}</Box>
            {d.courseAmount !== null ? (
              <Box className="sf-act__course-amount">{formatMoney(d.courseAmount)}</Box>
            ) : null}
          </Box>
        </Box>
      ) : null}

      {d.packages.length ? (
        <Box className="sf-act__block" id="act-packages">
          <Box className="sf-act__title">
            套餐{d.packages.length > 1 ? <Box className="sf-act__title-note">（点选要报名的套餐）</Box> : null}
          </Box>
          {d.packages.map((p) => (
            <Box
              key={p.packageSn}
              className={`sf-act__package ${p.packageSn === packageSn ? 'is-chosen' : ''}`}
              data-package-sn={p.packageSn}
              onClick={() => runInAction(() => (state.packageSn = p.packageSn))}
            >
              <Box className="sf-act__package-head">
                <Box className={`sf-act__radio ${p.packageSn === packageSn ? 'is-on' : ''}`} />
                <Box className="sf-act__package-name">{p.packageName}</Box>
                <Box className="sf-price">{formatMoney(p.price)}</Box>
              </Box>
              {p.courses.map((c) => (
                <Box key={c.courseSn} className="sf-act__course">
                  {c.courseCover ? (
                    <Image
                      className="sf-act__course-cover"
                      src={assetUrl(c.courseCover)}
                      mode="aspectFill"
                      {...imgAlt('')}
                    />
                  ) : null}
                  <Box className="sf-act__course-name">{c.courseName}</Box>
                  <Box className="sf-act__course-amount">{formatMoney(c.courseAmount)}</Box>
                </Box>
              ))}
            </Box>
          ))}
        </Box>
      ) : null}

      {d.giftCourses.length ? (
        <Box className="sf-act__block" id="act-gifts">
          <Box className="sf-act__title">赠课{d.giftCourses.length > 1 ? `（${d.giftCourses.length}）` : ''}</Box>
          {d.giftCourses.map((c) => (
            <Box key={c.courseSn} className="sf-act__course">
              <Box className="sf-act__course-name">{c.courseName}</Box>
              <Box className="sf-act__course-amount sf-act__struck">{formatMoney(c.courseAmount)}</Box>
            </Box>
          ))}
        </Box>
      ) : null}

      {state.attrs.length || d.adultExamination || (d.subjectCharge !== null && d.subjectsNum) || integral ? (
        <Box className="sf-act__block" id="act-attrs">
          {state.attrs.map((a) => (
            <Row key={a.name} label={a.name}>
              {a.value}
            </Row>
          ))}
          {d.adultExamination ? (
            <>
              <Row label="院校">{d.adultExamination.schoolName}</Row>
              <Row label="层次">{d.adultExamination.majorLevelStr}</Row>
              <Row label="专业">{d.adultExamination.majorName}</Row>
            </>
          ) : null}
          {d.subjectCharge !== null && d.subjectsNum ? (
            <Row label="科目费用">
              {formatMoney(d.subjectCharge)} × {d.subjectsNum}科 = {formatMoney(d.subjectCharge * d.subjectsNum)}
            </Row>
          ) : null}
          {integral ? (
            <Row label="积分">
              {[
                integralCarrier(integral.integralType).label,
                `最高可用${integral.maxIntegral}${integralCarrier(integral.integralType).suffix}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Row>
          ) : null}
          {integral ? (
            <Row label="积分查询">
              <Box id="act-integral-query" onClick={() => runInAction(() => (state.integralOpen = true))}>
                查询 ›
              </Box>
            </Row>
          ) : null}
        </Box>
      ) : null}

      {d.schedule ? (
        <Box className="sf-act__block" id="act-schedule">
          <Row label="活动时间">{d.schedule}</Row>
        </Box>
      ) : null}
      {d.place ? (
        // The venue opens the §2 system page /open-location (a sub-package page; the query is the place as it is).
        <Box
          className="sf-act__block"
          id="act-place"
          onClick={() => void openPage(ROUTES.openLocation, { ...d.place! })}
        >
          <Row label="活动地点">{`${d.place.name || d.place.address} ›`}</Row>
        </Box>
      ) : null}

      {promises.length ? (
        <Box className="sf-act__block sf-act__promises" id="act-promises">
          {promises.map((t) => (
            <Box key={t.text} className={`sf-act__promise ${t.negative ? 'is-negative' : ''}`}>
              <Box className="sf-act__mark">{t.negative ? '✕' : '✓'}</Box>
              {t.text}
            </Box>
          ))}
        </Box>
      ) : null}

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

      {d.hasProductIntroduce ? (
        <Box className="sf-act__block" id="act-introduce">
          <Box className="sf-act__title">{d.actType === 'COURSE' ? '课程介绍' : '商品详情'}</Box>
          {state.introduce === null ? (
            <SkeletonLines count={4} lineClassName="sf-act__skeleton-line" />
          ) : (
            <RichTextView html={state.introduce} />
          )}
        </Box>
      ) : null}

      {state.hot.length ? (
        <Box className="sf-act__hot" id="act-hot">
          <Box className="sf-section-title">热门推荐</Box>
          {state.hot.map((card) => (
            <ActivityCard key={card.actSn} card={card} onClick={openCard} />
          ))}
        </Box>
      ) : null}

      <Box className="sf-act__spacer" />
      <Box className="sf-act__bar">
        <Box className="sf-act__bar-info">
          {d.orderEnabled ? (
            <Box className="sf-price sf-act__bar-price">{itemPriceText(price, d.pointsPrice)}</Box>
          ) : (
            <Box className="sf-act__reason">{d.disabledReason}</Box>
          )}
        </Box>
        <Box className={`sf-btn sf-act__order ${d.orderEnabled ? '' : 'is-disabled'}`} id="act-order" onClick={order}>
          {integral ? '立即兑换' : d.actType === 'COURSE' || price === 0 ? '立即报名' : '立即购买'}
        </Box>
      </Box>
      {integral ? (
        <IntegralQuery
          open={state.integralOpen}
          integralType={integral.integralType as IntegralType}
          onClose={() => runInAction(() => (state.integralOpen = false))}
          onResume={() => runInAction(() => (state.integralOpen = true))}
        />
      ) : null}
    </PageShell>
  );
}

/**
 * Resolves once the next frame has been drawn (a timer queued from a frame callback runs after that frame); at once
 * where nothing draws frames (a hidden tab, the mini-programs' logic layer).
 */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const drawing = typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && !document.hidden;
    if (drawing) requestAnimationFrame(() => setTimeout(resolve, 0));
    else setTimeout(resolve, 0);
  });
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box className="sf-act__row">
      <Box className="sf-act__label">{label}</Box>
      <Box className="sf-act__value">{children}</Box>
    </Box>
  );
}

export default observer(ActivityDetailScreen);
