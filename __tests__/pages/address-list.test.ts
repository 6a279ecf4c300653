/**
 * 收货地址 list: each row is a taro-ui swipe action whose 编辑 / 删除 work, and the row's own
 * 编辑 and the pick for an order keep working beside it.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import Taro from '@tarojs/taro';
import type { Address } from '../../contract/address';
import {
  all,
  confirmClosed,
  confirmDialog as dialog,
  currentRoute,
  openAt,
  requests,
  resetServer,
  route,
  signIn,
  tap,
  tick,
  waitFor,
  waitForPage,
  watchHostDialog,
} from './harness';

const address = (id: string, name: string, patch: Partial<Address> = {}): Address => ({
  addressId: id,
  provinceId: '440000',
  cityId: '440300',
  areaId: '440305',
  fullAreaName: '广东省 深圳市 南山区',
  ids: ['440000', '440300', '440305'],
  consigneeName: name,
  consigneeTelephone: '13800138000',
  fullAddress: '科苑路15号',
  isDefault: false,
  ...patch,
});

const LIST = '/subpackages/user/address/deliveryAddress';
let saved: Address[] = [];
// The question is the page's own dialog (components/confirm), never the host's.
watchHostDialog({ neverUsed: true });

beforeEach(() => {
  resetServer();
  signIn('13800138000');
  saved = [address('A1', '张三', { isDefault: true }), address('A2', '李四')];
  route('GET', '/front/v1/address/list', () => ({ info: { list: saved } }));
  route('DELETE', '/front/v1/address/A2', () => {
    saved = saved.filter((a) => a.addressId !== 'A2');
    return { info: null };
  });
});

/** The consignee names shown, in order (the row also holds the phone and 默认). */
const names = () => all('.sf-addresses__who').map((el) => (el.textContent || '').replace(/1\d{10}|默认/g, '').trim());
/** The revealed options of the row of `name`: [编辑, 删除]. */
const options = (name: string) => {
  const row = all('.sf-addresses__swipe').find((el) =>
    el.querySelector('.sf-addresses__who')?.textContent?.includes(name),
  );
  if (!row) throw new Error(`no row for ${name}`);
  return Array.from(row.querySelectorAll('.at-swipe-action__option')) as HTMLElement[];
};

test('every row is a swipe action offering 编辑 and 删除', async () => {
  await openAt(LIST);
  await waitFor(() => expect(names()).toEqual(['张三', '李四']));
  expect(all('.sf-addresses__swipe')).toHaveLength(2);
  expect(options('李四').map((o) => o.textContent)).toEqual(['编辑', '删除']);
});

test('删除 asks first; confirmed, the address is deleted and the list shows the rest', async () => {
  const chosen = require('../../src/stores').rootStore.session;
  chosen.setAddressInfo(address('A2', '李四'));
  await openAt(LIST);
  await waitFor(() => expect(names()).toEqual(['张三', '李四']));
  tap(options('李四')[1]);
  expect(await dialog()).toEqual({ title: '提示', content: '确定删除该收货地址吗？', buttons: ['取消', '确定'] });
  expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  tap(all('.sf-confirm__ok')[0]);
  await waitFor(() => expect(names()).toEqual(['张三']));
  expect(all('.sf-confirm').length).toBe(0);
  expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/front/v1/address/A2']);
  // The order's chosen address was this one: it must not be sent any more.
  expect(chosen.addressInfo).toBeNull();
});

test('删除 cancelled sends nothing and keeps the row', async () => {
  await openAt(LIST);
  await waitFor(() => expect(names()).toEqual(['张三', '李四']));
  tap(options('李四')[1]);
  await dialog();
  tap(all('.sf-confirm__cancel')[0]);
  await confirmClosed();
  await tick();
  expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  expect(names()).toEqual(['张三', '李四']);
});

test.each([
  ['the swipe option', () => options('李四')[0]],
  ["the row's own button", () => all('.sf-addresses__edit')[1]],
])('编辑 from %s opens the form for that address', async (_how, button) => {
  await openAt(LIST);
  await waitFor(() => expect(names()).toEqual(['张三', '李四']));
  tap(button());
  await waitForPage('/subpackages/user/address/addEditAddress');
  const { params } = Taro.getCurrentInstance().router ?? { params: {} };
  expect(params).toMatchObject({ id: 'A2', type: 'edit' });
});

test('with selectable, a tap on the row still picks the address for the order', async () => {
  await openAt('/pages/order/orderList');
  await Taro.navigateTo({ url: `${LIST}?selectable=1` });
  await waitForPage(LIST);
  await waitFor(() => expect(names()).toEqual(['张三', '李四']));
  tap(all('.sf-addresses__item')[1]);
  await waitFor(() => expect(currentRoute()).toBe('pages/order/orderList'));
  expect(require('../../src/stores').rootStore.session.addressInfo).toMatchObject({ addressId: 'A2' });
});
