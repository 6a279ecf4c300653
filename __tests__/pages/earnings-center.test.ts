/**
 * 我的收益 on 我的: shown to a promoter (personal/profit says so), absent for a customer who is not one
 * and for a visitor (who is not asked at all).
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { all, openAt, requests, resetServer, route, signIn, waitFor } from './harness';

const PROFIT = '/front/v1/personal/profit';
const SUMMARY = '/front/v1/user/summary';
const ledger = { list: [], total: 0, page: 1, perSize: 1 };
const profit = (isPromoter: boolean) => ({
  info: {
    isPromoter,
    promoterCode: isPromoter ? 'P0DE000001A' : null,
    withdrawable: 0,
    frozen: 0,
    totalEarned: 0,
    withdrawn: 0,
    verified: false,
    ledger,
  },
});
const titles = () => all('.sf-center__entry-title').map((e) => e.textContent);

beforeEach(() => {
  resetServer();
  route('GET', SUMMARY, () => ({
    info: { orders: { ALL: 0, UNPAID: 0, PAID: 0, CANCELLED: 0, REFUND: 0 }, coupons: 0 },
  }));
});

test('a promoter sees 我的收益', async () => {
  signIn('13800000088');
  route('GET', PROFIT, () => profit(true));
  await openAt('/pages/center/center');
  await waitFor(() => expect(titles()).toContain('我的收益'));
});

test('a customer who is not a promoter does not', async () => {
  signIn('13800138000');
  route('GET', PROFIT, () => profit(false));
  await openAt('/pages/center/center');
  await waitFor(() => expect(requests.some((r) => r.path === PROFIT)).toBe(true));
  await waitFor(() => expect(titles()).toContain('收货地址'));
  // The answer decides (the store lives on from the previous test, as a tab does).
  await waitFor(() => expect(titles()).not.toContain('我的收益'));
});

test('a visitor is not asked and sees no 我的收益', async () => {
  signIn(null);
  await openAt('/pages/center/center');
  await waitFor(() => expect(all('.sf-center__login').length).toBe(1));
  expect(requests.some((r) => r.path === PROFIT)).toBe(false);
  expect(titles()).not.toContain('我的收益');
});
