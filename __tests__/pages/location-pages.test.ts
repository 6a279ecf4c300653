/**
 * Page tests of the §2 system pages on H5, with the browser's position faked through Taro.getLocation:
 * the detail's 活动地点 opens /open-location, which shows the distance once allowed and the reason with 重试 when
 * refused; /choose-location keeps what was typed across a refusal and stores the place in locationInfo (§3).
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import Taro from '@tarojs/taro';
import { courseDetail } from './fixtures';
import { all, currentRoute, openAt, resetServer, route, signIn, tap, text, typeKeys, waitFor } from './harness';
import { location } from '../../src/platform/location';

const PLACE = {
  name: '海心沙亚运公园南门（集合点）',
  address: '广州市天河区临江大道3号',
  latitude: 23.11548,
  longitude: 113.32417,
};
const OPEN = 'subpackages/system/openLocation/openLocation';
const CHOOSE = 'subpackages/system/chooseLocation/chooseLocation';

let getLocation: jest.SpyInstance;
let toast: jest.SpyInstance;
beforeEach(() => {
  resetServer();
  getLocation = jest.spyOn(Taro, 'getLocation');
  toast = jest.spyOn(Taro, 'showToast');
});
afterEach(() => {
  getLocation.mockRestore();
  toast.mockRestore();
});
const allow = (latitude: number, longitude: number) =>
  getLocation.mockImplementation(async () => ({ latitude, longitude }) as never);
const refuse = () =>
  getLocation.mockImplementation(async () => Promise.reject({ errMsg: 'User denied Geolocation' }) as never);

test('a visitor taps 活动地点 on the detail and sees how far the place is once the position is allowed', async () => {
  signIn(null);
  route('GET', '/front/v1/activity/details', () => ({
    info: courseDetail({ actSn: 'A2', actType: 'ACTIVITY', actName: '城市夜跑打卡活动', place: PLACE }),
  }));
  await openAt('/pages/activity/activityDetail?actSn=A2');
  await waitFor(() => expect(text('#act-place')).toContain('海心沙亚运公园南门（集合点） ›'));
  tap(all('#act-place')[0]);
  await waitFor(() => expect(currentRoute()).toBe(OPEN));
  await waitFor(() => expect(text('#open-location-place')).toContain(PLACE.address));
  expect(text('#open-location-place')).toContain('纬度 23.115480，经度 113.324170');
  expect(all('#open-location-maps .sf-loc__row').map((r) => r.textContent?.replace('›', '').trim())).toEqual([
    '高德地图',
    '腾讯地图',
  ]);
  expect(getLocation).not.toHaveBeenCalled();

  // About 1.4 km north of the meeting point (browser coordinates, WGS-84).
  allow(23.1312, 113.3189);
  tap(all('#open-location-locate')[0]);
  await waitFor(() => expect(text('#open-location-distance-text')).toMatch(/^距你约 1\.\d 公里$/));
});

test('a refused position says why and 重试 asks again', async () => {
  signIn(null);
  refuse();
  await openAt(
    `/${OPEN}?name=${encodeURIComponent(PLACE.name)}&address=${encodeURIComponent(PLACE.address)}&latitude=23.115480&longitude=113.324170`,
  );
  tap(all('#open-location-locate')[0]);
  await waitFor(() =>
    expect(text('#location-error')).toContain(
      '你已拒绝获取位置信息。请在浏览器或手机设置中允许本网站使用位置信息，然后点「重试」。',
    ),
  );
  // A browser has no settings page to open: only 重试.
  expect(all('#location-settings')).toHaveLength(0);
  allow(23.1155, 113.3242);
  tap(all('#location-retry')[0]);
  await waitFor(() => expect(text('#open-location-distance-text')).toMatch(/^距你约 \d+ 米$/));
  expect(getLocation).toHaveBeenCalledTimes(2);
});

test('a link without coordinates says the place is incomplete', async () => {
  signIn(null);
  await openAt(`/${OPEN}?name=x`);
  await waitFor(() => expect(text('.sf-loc')).toContain('位置信息不完整'));
});

test('choose-location: typed names survive a refusal; the place goes to locationInfo and back to the asker', async () => {
  signIn('13800138000');
  await openAt('/pages/center/center');
  const asked = location.chooseLocation();
  await waitFor(() => expect(currentRoute()).toBe(CHOOSE));
  await typeKeys('#choose-location-name', '公司');
  tap(all('#choose-location-confirm')[0]);
  await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '请先获取位置' })));

  refuse();
  tap(all('#choose-location-here')[0]);
  await waitFor(() => expect(text('#location-error')).toContain('你已拒绝获取位置信息'));
  expect((all('#choose-location-name input')[0] as HTMLInputElement).value).toBe('公司');

  allow(23.13, 113.32);
  tap(all('#location-retry')[0]);
  await waitFor(() => expect(text('#choose-location-coords')).toMatch(/^已定位：纬度 23\.12\d+，经度 113\.32\d+$/));
  await typeKeys('#choose-location-address', '体育西路103号');
  tap(all('#choose-location-confirm')[0]);

  const place = await asked;
  expect(place).toMatchObject({ name: '公司', address: '体育西路103号' });
  expect(place!.latitude).toBeCloseTo(23.1275, 2);

  const { rootStore } = require('../../src/stores');
  expect(rootStore.session.locationInfo).toEqual(place);
  await waitFor(() => expect(currentRoute()).toBe('pages/center/center'));
});

test('分享 on the detail copies the page link and says 复制成功 after the 402 ms delay', async () => {
  signIn(null);
  const copy = jest
    .spyOn(Taro, 'setClipboardData')
    .mockImplementation(async () => ({ errMsg: 'setClipboardData:ok' }) as never);
  try {
    route('GET', '/front/v1/activity/details', () => ({
      info: courseDetail({ actSn: 'A3', actType: 'ACTIVITY', actName: '周末亲子烘焙体验课' }),
    }));
    await openAt('/pages/activity/activityDetail?actSn=A3');
    await waitFor(() => expect(all('#share-action')).toHaveLength(1));
    const before = Date.now();
    tap(all('#share-action')[0]);
    await waitFor(() => expect(copy).toHaveBeenCalled());
    const link = String((copy.mock.calls[0][0] as { data: string }).data);
    expect(link).toMatch(/\/item\/A3\?projectSn=demo$/);
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '复制成功' })));
    expect(Date.now() - before).toBeGreaterThanOrEqual(402);
  } finally {
    copy.mockRestore();
  }
});

test('定位 on the address form fills the detail line with the chosen place, keeping what was typed', async () => {
  signIn('13800138000');
  await openAt('/subpackages/user/address/addEditAddress');
  await typeKeys('#address-name', '李四');
  tap(all('#address-locate')[0]);
  await waitFor(() => expect(currentRoute()).toBe(CHOOSE));
  allow(23.13, 113.32);
  await waitFor(() => expect(all('#choose-location-here')).toHaveLength(1));
  tap(all('#choose-location-here')[0]);
  await waitFor(() => expect(text('#choose-location-coords')).toContain('已定位'));
  await typeKeys('#choose-location-name', '公司前台');
  await typeKeys('#choose-location-address', '体育西路103号');
  tap(all('#choose-location-confirm')[0]);
  await waitFor(() => expect(currentRoute()).toBe('subpackages/user/address/addEditAddress'));
  await waitFor(() =>
    expect((all('#address-detail textarea')[0] as HTMLTextAreaElement).value).toBe('体育西路103号 公司前台'),
  );
  expect((all('#address-name input')[0] as HTMLInputElement).value).toBe('李四');
});
