/**
 * The api object handed to the stores: one typed module per domain over one request wrapper. Domains only
 * sub-package pages call are not listed here (they would ship in the main package): those pages bind them with
 * stores/domain-api.ts (after-sales in subpackages/order/api.ts, addresses and feedback in subpackages/user/api.ts).
 */
import { createAccessApi } from './access';
import { createActivityApi } from './activity';
import { createAuthApi } from './auth';
import { createCardApi } from './card';
import { createCouponApi } from './coupon';
import { createEarningsApi } from './earnings';
import { createEntranceApi } from './entrance';
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

export function createApi(request: Request) {
  return {
    entrance: createEntranceApi(request),
    auth: createAuthApi(request),
    miniLogin: createMiniLoginApi(request),
    pages: createPagesApi(request),
    order: createOrderApi(request),
    payment: createPaymentApi(request),
    activity: createActivityApi(request),
    coupon: createCouponApi(request),
    earnings: createEarningsApi(request),
    card: createCardApi(request),
    upload: createUploadApi(request),
    form: createFormApi(request),
    service: createServiceApi(request),
    user: createUserApi(request),
    integral: createIntegralApi(request),
    access: createAccessApi(request),
  };
}

export type Api = ReturnType<typeof createApi>;
