import { useDidShow, useLoad } from '@tarojs/taro';
import { useLocalObservable } from 'mobx-react-lite';
import type { Address } from '@contract/address';
import type { Agreement } from '@contract/order';
import { restrictedAreaMessage } from '@contract/rules/areas';
import { errorMessage } from '../../api/error-message';
import { ROUTES } from '../../domain/routes';
import { openPage, switchToTab } from '../../platform/navigation';
import { applyAfterPay } from '../../platform/pay-result';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import { orderDraftsOf, type OrderKind } from '../../stores/order-draft';

const PAY_SOURCE = process.env.TARO_ENV === 'weapp' ? 'WEAPP' : process.env.TARO_ENV === 'swan' ? 'SWAN' : 'H5';

export interface OrderSubmitTarget {
  /** course: pages/order/courseOrderSubmit; goods: pages/order/orderSubmit. */
  kind: OrderKind;
  targetSn: string;
  thirdEnum?: string;
  /** The package chosen on the course detail (courses; '' for the item's default). */
  packageSn?: string;
  /** A single-use order link's token: the link fixes item, package and price (targetSn is then empty). */
  orderLink?: string;
}

/** Which popup of the screen is open: coupons, household type, or the agreement being read. */
function screenPopups() {
  return {
    couponOpen: false,
    householdOpen: false,
    agreement: null as Agreement | null,
    showCoupons(open: boolean) {
      this.couponOpen = open;
    },
    showHousehold(open: boolean) {
      this.householdOpen = open;
    },
    showAgreement(agreement: Agreement | null) {
      this.agreement = agreement;
    },
  };
}

export type ScreenPopups = ReturnType<typeof screenPopups>;

/**
 * The submit screen's orchestration around its draft (stores/order-draft): the first load, the address picked
 * on the address list, submitting and paying, the agreement and the §8 code popup's action.
 */
export function useOrderSubmit({ kind, targetSn, thirdEnum = '', packageSn = '', orderLink = '' }: OrderSubmitTarget) {
  const stores = useStores();
  const { session, api, payment } = stores;
  const orderDrafts = orderDraftsOf(stores);
  const draft = orderDrafts.draftFor(kind, targetSn, thirdEnum, packageSn, orderLink);
  const popups = useLocalObservable(screenPopups);

  useLoad(() => {
    // Coming back from the address list keeps the draft; only a first visit loads.
    // §8: a failed token fetch is told (the server's message or 订单信息获取异常! 请退出重试).
    if (!draft.confirmation && !draft.loading) void draft.load().then((tokenError) => tokenError && toast(tokenError));
  });

  useDidShow(() => {
    const picked = session.addressInfo as Address | null;
    if (
      picked &&
      picked.addressId &&
      draft.confirmation &&
      picked.addressId !== (draft.address && draft.address.addressId)
    ) {
      void draft.chooseAddress(picked).then(() => {
        // §5: the restriction is told when choosing, and checked again on submit.
        if (draft.addressRestricted && draft.confirmation && draft.address)
          toast(restrictedAreaMessage(draft.address, draft.confirmation.invalidAreas));
      });
    }
  });

  async function submit() {
    const outcome = await draft.submit(
      PAY_SOURCE,
      (session.userInfo && session.userInfo.phone) || '',
      session.referrerCode || undefined,
    );
    if (outcome.type === 'submitted') {
      orderDrafts.forget(kind, targetSn, thirdEnum, packageSn, orderLink);
      // §4: on success cache the order and start payment; a zero amount skips straight to the order.
      await applyAfterPay(await payment.payAfterSubmit(outcome.result));
      return;
    }
    if (outcome.toast) toast(outcome.toast);
  }

  async function openAgreement() {
    const c = draft.confirmation;
    const sn = c && c.agreementSn;
    if (!sn) return;
    try {
      const agreement = await api.order.agreement(sn);
      popups.showAgreement(agreement);
    } catch (err) {
      toast(errorMessage(err, '协议加载失败'));
    }
  }

  /** The §8 code popup's one action: 查看订单 (1005) opens that order, any other goes home. */
  function answerPopup() {
    const popup = draft.popup;
    draft.closePopup();
    if (!popup) return;
    if (popup.action.text === '查看订单')
      void openPage(ROUTES.orderDetail, { orderNo: popup.action.orderNo }, 'replace');
    else void switchToTab(0);
  }

  return { draft, popups, now: () => session.now(), submit, openAgreement, answerPopup };
}
