import { Textarea, View } from '@tarojs/components';
import Taro, { useLoad, usePullDownRefresh, useReachBottom, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import type { ActivityDetail, Comment } from '@contract/activity';
import { errorMessage } from '../../../api/error-message';
import CommentItem from '../../../components/comment-item';
import EmptyView from '../../../components/empty-view';
import PageShell from '../../../components/page-shell';
import Skeleton from '../../../components/skeleton';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_SCORES,
  MISSING_ACT_SN,
  reviewSummaryText,
  validateComment,
} from '../../../domain/catalogue';
import { decodeParam } from '../../../domain/routes';
import { switchToTab } from '../../../platform/navigation';
import { toast } from '../../../platform/ui';
import { useStores } from '../../../stores';
import './getCommentList.scss';

const PER_SIZE = 10;
export const PUBLISH_SUCCESS = '评价成功';

/** §2 all reviews of an item (param actSn), paged as the list scrolls, with the publish form when allowed. */
function GetCommentList() {
  const { api, session } = useStores();
  const { params } = useRouter();
  const actSn = decodeParam(params.actSn);
  const state = useLocalObservable(() => ({
    detail: null as ActivityDetail | null,
    list: [] as Comment[],
    page: 0,
    total: 0,
    loading: false,
    done: false,
    error: '',
    score: 0,
    content: '',
    sending: false,
  }));

  async function loadPage(reset: boolean) {
    if (state.loading || (!reset && state.done)) return;
    const page = reset ? 1 : state.page + 1;
    runInAction(() => (state.loading = true));
    try {
      const res = await api.activity.comments(actSn, page, PER_SIZE);
      runInAction(() => {
        state.list = reset ? res.list : [...state.list, ...res.list];
        state.page = page;
        state.total = res.total;
        state.done = state.list.length >= res.total || res.list.length < PER_SIZE;
        state.error = '';
      });
    } catch (err) {
      const message = errorMessage(err, String(err));
      if (state.list.length) toast(message);
      else runInAction(() => (state.error = message));
    } finally {
      runInAction(() => (state.loading = false));
    }
  }

  async function load() {
    if (!actSn) {
      runInAction(() => (state.error = MISSING_ACT_SN));
      return;
    }
    if (!session.token) return;
    try {
      // The item says whether this user may review it; an unknown item ends here with its message.
      const detail = await api.activity.details(actSn);
      runInAction(() => (state.detail = detail));
    } catch (err) {
      runInAction(() => (state.error = errorMessage(err, String(err))));
      return;
    }
    await loadPage(true);
  }

  async function publish() {
    if (state.sending) return;
    const problem = validateComment({ score: state.score, content: state.content });
    if (problem) {
      toast(problem);
      return;
    }
    runInAction(() => (state.sending = true));
    try {
      await api.activity.publishComment({ actSn, score: state.score, content: state.content.trim() });
      runInAction(() => {
        state.content = '';
        state.score = 0;
      });
      toast(PUBLISH_SUCCESS, 'success');
      await load();
    } catch (err) {
      // What was typed stays, so the user can fix it and send again.
      toast(errorMessage(err, String(err)));
    } finally {
      runInAction(() => (state.sending = false));
    }
  }

  useLoad(() => void load());
  useReachBottom(() => void loadPage(false));
  usePullDownRefresh(async () => {
    await load();
    Taro.stopPullDownRefresh();
  });

  const d = state.detail;
  if (state.error && !state.list.length) {
    return (
      <PageShell className="sf-reviews">
        <EmptyView text={state.error} actionText="返回首页" onAction={() => void switchToTab(0)} />
      </PageShell>
    );
  }

  return (
    <PageShell className="sf-reviews">
      {d ? (
        <View className="sf-reviews__head">
          <View className="sf-reviews__name">{d.actName}</View>
          <View className="sf-reviews__summary">
            {reviewSummaryText(state.total || d.commentSummary.total, d.commentSummary.goodRate)}
          </View>
        </View>
      ) : null}

      {d && d.canComment ? (
        <View className="sf-reviews__form" id="review-form">
          <View className="sf-reviews__form-title">发表评价</View>
          <View className="sf-reviews__stars">
            {COMMENT_SCORES.map((n) => (
              <View
                key={n}
                className={`sf-reviews__star ${n <= state.score ? 'is-on' : ''}`}
                data-score={n}
                onClick={() => runInAction(() => (state.score = n))}
              >
                ★
              </View>
            ))}
          </View>
          <Textarea
            className="sf-reviews__input"
            id="review-content"
            value={state.content}
            maxlength={COMMENT_MAX_LENGTH}
            placeholder="说说你的学习或使用体验吧"
            onInput={(e) => runInAction(() => (state.content = e.detail.value))}
          />
          <View className="sf-reviews__counter">
            {state.content.length}/{COMMENT_MAX_LENGTH}
          </View>
          <View
            className={`sf-btn sf-reviews__send ${state.sending ? 'is-disabled' : ''}`}
            id="review-send"
            onClick={() => void publish()}
          >
            发表评价
          </View>
        </View>
      ) : null}

      {state.list.length ? (
        <View className="sf-reviews__list">
          {state.list.map((c) => (
            <CommentItem key={c.commentId} comment={c} />
          ))}
        </View>
      ) : null}
      {d && !state.loading && !state.list.length ? <EmptyView /> : null}
      {state.list.length ? (
        <View className="sf-more__end">{state.done ? '没有更多了' : state.loading ? '加载中...' : ''}</View>
      ) : null}
      {!d ? (
        <View className="sf-home__loading">
          <Skeleton variant="list" />
        </View>
      ) : null}
    </PageShell>
  );
}

export default observer(GetCommentList);
