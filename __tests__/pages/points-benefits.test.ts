/**
 * The points project's 权益 tab (tabFour): each carrier's balance as the binding state says, the page's points
 * items grouped by carrier (the whole column, not only the page's first cards) and priced in points with any cash
 * part, never as ¥; the page's other modules after them. Another project's tab 4 keeps its configured modules.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { runInAction } from 'mobx';
import type { PageInfo } from '../../contract/pages';
import { asCustomer } from './customer';
import { card } from './fixtures';
import { all, openAt, route, text, waitFor } from './harness';

asCustomer();

const MOBILE = { integralType: 'MOBILE_INTEGRAL', points: 800, cashAmount: 0 };
const UNICOM = { integralType: 'UNICOM_INTEGRAL', points: 1000, cashAmount: 100 };
const page: PageInfo = {
  pageSn: 'integral-tab-4',
  pageTitle: '权益',
  modules: [
    {
      moduleSn: 'm1',
      moduleType: 'IMAGE_TEXT',
      title: '精选资讯',
      items: [],
      columnSn: null,
      cards: [],
      hasMore: false,
    },
    {
      moduleSn: 'm2',
      moduleType: 'ACTIVITY_COLUMN',
      title: '积分兑换',
      items: [],
      columnSn: 'col-integral',
      cards: [
        card('I1', { actType: 'INTEGRAL', price: 800, pointsPrice: MOBILE }),
        card('I2', { actType: 'INTEGRAL', price: 1000, pointsPrice: UNICOM }),
      ],
      hasMore: true,
    },
  ],
};

function serve(projectEnum: 'INTEGRAL_APPLE' | 'DEFAULT') {
  const { rootStore } = require('../../src/stores');
  runInAction(() => (rootStore.session.projectEnum = projectEnum));
  route('GET', '/front/v1/customerPage/menu', () => ({
    info: {
      tabList: [3].map((tabIndex) => ({
        tabIndex,
        title: '权益',
        pageSn: 'integral-tab-4',
        jumpContent: { firstEnum: 'CUSTOM_PAGE' },
      })),
    },
  }));
  route('POST', '/front/v1/customerPage/moduleInfo', () => ({ info: page }));
  route('POST', '/front/v1/customerPage/module/column/list', () => ({
    info: {
      columnTitle: '积分兑换',
      list: [
        card('I1', { actType: 'INTEGRAL', price: 800, pointsPrice: MOBILE }),
        card('I2', { actType: 'INTEGRAL', price: 1000, pointsPrice: UNICOM }),
        card('I3', { actType: 'INTEGRAL', price: 1500, pointsPrice: { ...MOBILE, points: 1500 } }),
      ],
      total: 3,
      page: 1,
      perSize: 50,
    },
  }));
  route('GET', '/front/v1/activity/integral/binding/state', (data) =>
    data.integralType === 'MOBILE_INTEGRAL'
      ? { info: { integralType: 'MOBILE_INTEGRAL', bound: true, phone: '13900001000', point: 1000, needAuth: false } }
      : { info: { integralType: 'UNICOM_INTEGRAL', bound: false, phone: null, point: null, needAuth: false } },
  );
}

test('balances per carrier, items grouped by carrier and priced in points', async () => {
  serve('INTEGRAL_APPLE');
  await openAt('/pages/index/tabFour');
  await waitFor(() => expect(all('#benefits-group-MOBILE_INTEGRAL .sf-benefits__card').length).toBe(2));
  await waitFor(() => expect(text('#benefits-MOBILE_INTEGRAL .sf-benefits__num')).toBe('1000'));
  expect(text('#benefits-MOBILE_INTEGRAL .sf-benefits__phone')).toBe('139****1000');
  expect(text('#benefits-UNICOM_INTEGRAL .sf-benefits__num')).toBe('--');
  expect(text('#benefits-UNICOM_INTEGRAL .sf-benefits__phone')).toBe('未绑定，去查询');
  const prices = (g: string) => all(`#benefits-group-${g} .sf-benefits__price`).map((p) => p.textContent);
  expect(prices('MOBILE_INTEGRAL')).toEqual(['800移动积分', '1500移动积分']);
  expect(prices('UNICOM_INTEGRAL')).toEqual(['1000联通积分+¥1']);
  // 1000 mobile points cover 800 but not 1500.
  expect(all('#benefits-group-MOBILE_INTEGRAL .sf-benefits__hint').map((h) => h.textContent)).toEqual([
    '已兑3',
    '还差500积分',
  ]);
  // The points column is drawn as groups, the other modules as configured.
  expect(all('.sf-column[data-module="ACTIVITY_COLUMN"]').length).toBe(0);
});

test('another project keeps the configured modules', async () => {
  serve('DEFAULT');
  await openAt('/pages/index/tabFour');
  await waitFor(() => expect(all('.sf-column[data-module="ACTIVITY_COLUMN"]').length).toBe(1));
  expect(all('#benefits-wallet').length).toBe(0);
});
