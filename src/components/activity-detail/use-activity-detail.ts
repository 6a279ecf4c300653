/**
 * The detail's state and what it does (DESIGN.md §8: the page renders, this orchestrates): the item and its
 * attributes, asked for together, then the extras below the fold once the item is on screen; the package chosen, the
 * 积分查询 popup and the order button's way onward. State used by this page only, so it stays in the page
 * (useLocalObservable).
 */
import Taro, { useDidShow, usePullDownRefresh } from '@tarojs/taro';
import { useLocalObservable } from 'mobx-react-lite';
import { observable, runInAction } from 'mobx';
import type { ActivityDetail, ShareInfo } from '@contract/activity';
import type { ActivityCard as Card } from '@contract/pages';
import type { SpecAttr } from '../../api/activity';
import { errorMessage } from '../../api/error-message';
import { MISSING_ACT_SN, choosePackageSn, detailJumpEnum, orderRoute } from '../../domain/catalogue';
import { resolveJump } from '../../domain/jump';
import { ROUTES } from '../../domain/routes';
import { followJump, openPage } from '../../platform/navigation';
import { setPageTitle, toast } from '../../platform/ui';
import { useStores } from '../../stores';
import { loadItemWithAttrs } from '../../stores/page-prefetch';
import { signUpAndOpen } from '../integral-query/sign-up';
import { afterNextPaint } from './after-next-paint';

export function useActivityDetail(actSn: string) {
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

      /** The package 立即报名 orders: the one tapped, else the item's first. */
      get chosenPackageSn(): string | null {
        return this.detail ? choosePackageSn(this.detail.packages, this.packageSn) : null;
      },
      /** The chosen package's price, else the item's: the price shown is the one ordered. */
      get price(): number {
        const d = this.detail;
        if (!d) return 0;
        return d.packages.find((p) => p.packageSn === this.chosenPackageSn)?.price ?? d.price;
      },
      choosePackage(packageSn: string) {
        this.packageSn = packageSn;
      },
      setIntegralOpen(open: boolean) {
        this.integralOpen = open;
      },
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
      const message = errorMessage(err, String(err));
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

  /** 立即购买 / 立即报名 / 立即兑换: the disabled reason, or on to the points order, the sign-up or the order screen. */
  function order(): void {
    const d = state.detail;
    // Sold out: the button says 已售罄 and does nothing.
    if (!d || d.soldOut) return;
    if (!d.orderEnabled) {
      toast(d.disabledReason || '');
      return;
    }
    // Points items order for points; zero-price items sign up without a cashier.
    if (d.integralPackage) return void openPage(ROUTES.integralOrder, { actSn: d.actSn });
    if (state.price === 0 && d.actType !== 'COURSE') return void signUpAndOpen(api, d.actSn);
    const packageSn = state.chosenPackageSn;
    void openPage(orderRoute(d.actType), packageSn ? { targetSn: d.actSn, packageSn } : { targetSn: d.actSn });
  }

  /** A recommendation opens its own detail page. */
  function openCard(card: Card): void {
    void followJump(resolveJump({ firstEnum: detailJumpEnum(card.actType), targetSn: card.actSn }, session.tabList));
  }

  return { state, order, openCard };
}
