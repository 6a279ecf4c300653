/** The api object handed to the stores: one typed module per domain over one request wrapper. */
import { createActivityApi } from './activity';
import { createAddressApi } from './address';
import { createAfterSalesApi } from './after-sales';
import { createAuthApi } from './auth';
import { createCardApi } from './card';
import { createCouponApi } from './coupon';
import { createEarningsApi } from './earnings';
import { createEntranceApi } from './entrance';
import { createFeedbackApi } from './feedback';
import { createFormApi } from './form';
import { createIntegralApi } from './integral';
import { createMiniLoginApi } from './mini-login';
import { createOrderApi } from './order';
import { createPagesApi } from './pages';
import { createPaymentApi } from './payment';
import type { Request } from './request';
import { createServiceApi } from './service';
import { createUploadApi } from './upload';
import { createUserApi } from './user';
import { createWechatOAuthApi } from './wechat-oauth';

export function createApi(request: Request) {
  return {
    entrance: createEntranceApi(request),
    auth: createAuthApi(request),
    miniLogin: createMiniLoginApi(request),
    pages: createPagesApi(request),
    order: createOrderApi(request),
    address: createAddressApi(request),
    payment: createPaymentApi(request),
    activity: createActivityApi(request),
    coupon: createCouponApi(request),
    earnings: createEarningsApi(request),
    card: createCardApi(request),
    upload: createUploadApi(request),
    afterSales: createAfterSalesApi(request),
    form: createFormApi(request),
    feedback: createFeedbackApi(request),
    service: createServiceApi(request),
    user: createUserApi(request),
    integral: createIntegralApi(request),
    wechatOAuth: createWechatOAuthApi(request),
  };
}

export type Api = ReturnType<typeof createApi>;
