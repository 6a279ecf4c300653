/**
 * The data the smoke test opens pages with, made through the storefront's own request layer and api modules
 * (src/api, pure of Taro) over fetch against the real server: a visitor session, a phone-logged-in session
 * (code read from the server log, as a person reads it), an address and an unpaid course order of that user.
 * Going through src/api keeps the test in step with how the storefront signs and where it puts the token.
 */
import { DEFAULT_SIGN_KEY } from '../contract/signature';
import type { Address } from '../contract/address';
import { CARD_STATES } from '../contract/card';
import type { EntranceInfo, UserInfo } from '../contract/entrance';
import { createApi, type Api } from '../src/api';
import { createAddressApi } from '../src/api/address';
import { createRequest, type Transport } from '../src/api/request';
import type { Server } from '../e2e/harness';

/** A course that needs neither an address nor applicant fields, paid in instalments, with an agreement. */
export const ORDER_COURSE = 'demo-course-06';
export const DEMO_PROJECT = 'demo';
export const DEMO_PHONE = '13800138000';

/** src/platform/storage.ts STORAGE_PREFIX + src/stores/session.ts SESSION_KEY: where the app keeps its session. */
export const SESSION_STORAGE_KEY = 'sf_session';

/** What src/stores/session.ts persists (under the storage key below) and reads back when the app starts. */
export interface PersistedSession {
  token: string;
  projectSn: string;
  projectName: string;
  projectEnum: EntranceInfo['projectEnum'];
  userInfo: UserInfo | null;
  timeDiff: number;
}

export interface Fixtures {
  visitor: PersistedSession;
  user: PersistedSession;
  address: Address;
  orderNo: string;
  /** The user's used 新人礼包 voucher, found in 我的卡券 as the customer finds it. */
  usedVoucherSn: string;
}

const fetchTransport: Transport = async (req) => {
  const res = await fetch(req.url, {
    method: req.method,
    headers: req.header,
    body: req.method === 'GET' || req.method === 'DELETE' ? undefined : JSON.stringify(req.data),
    signal: AbortSignal.timeout(req.timeout),
  });
  const text = await res.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON: the request layer reports it as an empty response
  }
  return { statusCode: res.status, data };
};

/** The app's root api plus the address calls (bound by the user sub-package in the app, not part of the root api). */
function apiFor(baseUrl: string, getToken: () => string): Api & { address: ReturnType<typeof createAddressApi> } {
  const request = createRequest({
    transport: fetchTransport,
    bases: { main: baseUrl, user: baseUrl, auth: baseUrl },
    signKey: DEFAULT_SIGN_KEY,
    getToken,
    now: () => Date.now(),
    isOnline: async () => true,
    onSessionExpired: () => undefined,
    loading: { show: () => undefined, hide: () => undefined },
  });
  return { ...createApi(request), address: createAddressApi(request) };
}

function persisted(token: string, entry: EntranceInfo, userInfo: UserInfo | null): PersistedSession {
  return {
    token,
    projectSn: DEMO_PROJECT,
    projectName: String(entry.projectParam.projectName || ''),
    projectEnum: entry.projectEnum,
    userInfo,
    timeDiff: 0,
  };
}

export async function makeFixtures(server: Server): Promise<Fixtures> {
  // src/api/entrance.ts names the calling platform from TARO_ENV, as the bundles have it inlined.
  process.env.TARO_ENV ||= 'weapp';

  // Two devices, each with its own request layer: one layer would answer the second identical entrance call
  // with the first one's answer (§7 merges identical requests within 600 ms), and the phone login revokes the
  // visitor session it is made from.
  const visitorEntry = await apiFor(server.baseUrl, () => '').entrance.enter(DEMO_PROJECT);
  const visitor = persisted(visitorEntry.token, visitorEntry, visitorEntry.userInfo);

  let token = '';
  const api = apiFor(server.baseUrl, () => token);
  const userEntry = await api.entrance.enter(DEMO_PROJECT);
  token = userEntry.token;
  await api.auth.sendCode(DEMO_PHONE);
  const login = await api.auth.loginByPhone(DEMO_PHONE, await server.smsCode(DEMO_PHONE));
  token = login.token;
  const user = persisted(login.token, userEntry, login.userInfo);

  const address = await api.address.save({
    consigneeName: '冒烟测试',
    consigneeTelephone: DEMO_PHONE,
    provinceId: '440000',
    cityId: '440100',
    areaId: '440106',
    fullAddress: '天河路1号',
    isDefault: false,
  });

  const confirmation = await api.order.confirmCourse({ targetSn: ORDER_COURSE });
  const { orderToken } = await api.order.orderToken(confirmation.createOrderSn);
  const submitted = await api.order.submitCourse({
    createOrderSn: confirmation.createOrderSn,
    orderDiscountList: [],
    discountsAmount: 0,
    payAmount: confirmation.confirmOrderAmount.payAmount,
    totalAmount: confirmation.confirmOrderAmount.orderTotalAmount,
    orderToken,
    orderPreAttachVO: { deliveryType: confirmation.deliveryType },
  });
  // The 新人礼包's vouchers get their numbers when given, so the used one is read from the card list.
  const cards = await api.card.list(1, 50);
  const used = cards.list.find((card) => card.cardName === '新人礼包体验券' && card.state === CARD_STATES.USED);
  if (!used) throw new Error('the demo user has no used 新人礼包体验券 in 我的卡券');
  return { visitor, user, address, orderNo: submitted.orderNo, usedVoucherSn: used.voucherSn };
}
