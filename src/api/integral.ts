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

export function createIntegralApi(request: Request) {
  return {
    bindingState: (integralType: IntegralType) =>
      request<BindingState>({
        url: '/front/v1/activity/integral/binding/state',
        method: 'GET',
        data: { integralType },
      }),
    bindSearch: (integralType: IntegralType, updatePhone: string) =>
      request<BindingState>({ url: '/front/v1/activity/integral/bind/search', data: { integralType, updatePhone } }),
    balance: (q: { integralType: IntegralType; phone: string; callbackUrl?: string }) =>
      // callbackUrl only where there is a browser to send back (H5); an undefined field is left out, not signed.
      request<BalanceReply>({
        url: '/front/v1/activity/integral/balance',
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
