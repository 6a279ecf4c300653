/** Carrier points and zero-price sign-ups (§7): binding, balance, points order, sign-up. */
import type {
  BalanceReply,
  BindingState,
  IntegralSubmitResult,
  PlaceOrderInfo,
  SignUpResult,
  ZeroActivityInfo,
} from '@contract/integral';
import type { IntegralType } from '@contract/rules/integral';
import type { Request } from './request';

/** Which screen asks: an item's page, or the points order screen (§7's order-side variants, the same answer). */
export type IntegralSide = 'activity' | 'order';
const SIDE_PREFIX: Record<IntegralSide, string> = {
  activity: '/front/v1/activity/integral',
  order: '/front/v1/client/order/integral',
};

export function createIntegralApi(request: Request) {
  return {
    bindingState: (integralType: IntegralType) =>
      request<BindingState>({
        url: '/front/v1/activity/integral/binding/state',
        method: 'GET',
        data: { integralType },
      }),
    bindSearch: (integralType: IntegralType, updatePhone: string, side: IntegralSide = 'activity') =>
      request<BindingState>({ url: `${SIDE_PREFIX[side]}/bind/search`, data: { integralType, updatePhone } }),
    balance: (
      q: { integralType: IntegralType; phone: string; callbackUrl?: string },
      side: IntegralSide = 'activity',
    ) =>
      // callbackUrl only where there is a browser to send back (H5); an undefined field is left out, not signed.
      request<BalanceReply>({
        url: `${SIDE_PREFIX[side]}/balance`,
        data: q.callbackUrl ? q : { integralType: q.integralType, phone: q.phone },
        loading: '查询中...',
      }),
    placeOrder: (actSn: string) =>
      request<PlaceOrderInfo>({ url: '/front/v1/client/order/integral/place/order', data: { actSn } }),
    submit: (body: {
      actSn: string;
      integralType: IntegralType;
      phone: string;
      points: number;
      cashAmount: number;
      requestId: string;
    }) =>
      request<IntegralSubmitResult>({
        url: '/front/v1/client/order/submit/integral',
        data: body,
        loading: '正在发起下单...',
      }),
    zeroActivity: (actSn: string) =>
      request<ZeroActivityInfo>({ url: `/front/v1/activity/zero/activity/${encodeURIComponent(actSn)}` }),
    signUp: (actSn: string) =>
      request<SignUpResult>({ url: '/front/v1/client/order/sign-up', data: { actSn }, loading: '报名中...' }),
  };
}
