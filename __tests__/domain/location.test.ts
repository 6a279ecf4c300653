/** §2 system pages /choose-location and /open-location: how a place travels, distances, map sites, failures. */
import {
  distanceMeters,
  distanceText,
  isPlace,
  locationFailure,
  locationFailureText,
  mapLinks,
  placeFromQuery,
  placeQuery,
  wgs84ToGcj02,
} from '../../src/domain/location';

const RUN = {
  name: '海心沙亚运公园南门（集合点）',
  address: '广州市天河区临江大道3号',
  latitude: 23.11548,
  longitude: 113.32417,
};

describe('a place in a page query', () => {
  test('goes there and back', () => {
    expect(placeFromQuery(placeQuery(RUN))).toEqual(RUN);
    expect(placeQuery(RUN)).toEqual({
      name: RUN.name,
      address: RUN.address,
      latitude: '23.115480',
      longitude: '113.324170',
    });
  });
  test.each([
    ['no latitude', { longitude: '113.3' }],
    ['empty latitude', { latitude: ' ', longitude: '113.3' }],
    ['not a number', { latitude: 'abc', longitude: '113.3' }],
    ['latitude beyond 90', { latitude: '91', longitude: '113.3' }],
    ['longitude beyond 180', { latitude: '23', longitude: '-181' }],
  ])('%s is no place', (_why, query) => expect(placeFromQuery(query)).toBeNull());
  test('long texts are cut to 100 characters', () => {
    const p = placeFromQuery({ latitude: '1', longitude: '2', name: '名'.repeat(150), address: '' });
    expect(p?.name).toHaveLength(100);
  });
  test.each([
    [RUN, true],
    [{ ...RUN, name: '', address: '' }, false],
    [{ ...RUN, latitude: '23.1' }, false],
    [{ ...RUN, latitude: 95 }, false],
    [null, false],
    ['海心沙', false],
  ])('isPlace(%p) is %p', (value, expected) => expect(isPlace(value)).toBe(expected));
});

describe('distances', () => {
  test('Beijing to Shanghai is about 1068 km', () => {
    const km =
      distanceMeters({ latitude: 39.9042, longitude: 116.4074 }, { latitude: 31.2304, longitude: 121.4737 }) / 1000;
    expect(km).toBeGreaterThan(1060);
    expect(km).toBeLessThan(1075);
  });
  test('a place is 0 m from itself', () => expect(distanceMeters(RUN, RUN)).toBe(0));
  test.each([
    [3, '距你约 10 米'],
    [354, '距你约 350 米'],
    [994, '距你约 990 米'],
    [996, '距你约 1 公里'],
    [1000, '距你约 1 公里'],
    [1234, '距你约 1.2 公里'],
    [99940, '距你约 99.9 公里'],
    [120400, '距你约 120 公里'],
  ])('%p m reads %p', (m, textOut) => expect(distanceText(m)).toBe(textOut));
});

describe('WGS-84 to GCJ-02', () => {
  test("a browser position in China moves by the maps' offset (a few hundred metres)", () => {
    const wgs = { latitude: 39.908823, longitude: 116.39747 };
    const gcj = wgs84ToGcj02(wgs);
    // The published reference for this point (Tiananmen) is about 39.91024, 116.40374.
    expect(gcj.latitude).toBeCloseTo(39.91024, 3);
    expect(gcj.longitude).toBeCloseTo(116.40374, 3);
    const shift = distanceMeters(wgs, gcj);
    expect(shift).toBeGreaterThan(100);
    expect(shift).toBeLessThan(1000);
  });
  test('outside China nothing moves', () => {
    expect(wgs84ToGcj02({ latitude: 51.5007, longitude: -0.1246 })).toEqual({ latitude: 51.5007, longitude: -0.1246 });
  });
});

test('map sites get the coordinates and the encoded name', () => {
  const [amap, qq] = mapLinks(RUN);
  expect(amap.label).toBe('高德地图');
  expect(amap.url).toBe(
    `https://uri.amap.com/marker?position=113.32417,23.11548&name=${encodeURIComponent(RUN.name)}&coordinate=gaode&callnative=1`,
  );
  expect(qq.label).toBe('腾讯地图');
  expect(decodeURIComponent(qq.url)).toContain(`marker=coord:23.11548,113.32417;title:${RUN.name};addr:${RUN.address}`);
  expect(qq.url).not.toMatch(/[\u4e00-\u9fa5;]/);
});

describe('why there is no position', () => {
  test.each([
    [{ errMsg: 'chooseLocation:fail auth deny' }, 'denied'],
    [{ errMsg: 'getLocation:fail authorize no response' }, 'denied'],
    [{ errMsg: 'getLocation:fail:system permission denied' }, 'denied'],
    [{ errMsg: 'chooseLocation:fail privacy permission is not authorized' }, 'denied'],
    [{ errMsg: 'User denied Geolocation' }, 'denied'],
    [{ message: 'Only secure origins are allowed' }, 'denied'],
    [{ code: 1, message: '' }, 'denied'],
    [{ code: 3, message: '' }, 'timeout'],
    [{ errMsg: 'Timeout expired' }, 'timeout'],
    [{ errMsg: 'chooseLocation:fail cancel' }, 'cancel'],
    [{ code: 2, message: 'Position unavailable' }, 'unavailable'],
    [{ errMsg: 'getLocation:fail:ERROR_NOCELL&WIFI_LOCATIONSWITCHOFF' }, 'unavailable'],
    [null, 'unavailable'],
  ])('%p is %p', (err, kind) => expect(locationFailure(err)).toBe(kind));

  test('a refusal says where to turn location back on, per platform', () => {
    expect(locationFailureText('denied', 'h5')).toBe(
      '你已拒绝获取位置信息。请在浏览器或手机设置中允许本网站使用位置信息，然后点「重试」。',
    );
    expect(locationFailureText('denied', 'mini')).toBe(
      '你已拒绝获取位置信息。请点「去设置」打开「位置信息」权限，然后重试。',
    );
    expect(locationFailureText('timeout', 'h5')).toBe('获取位置超时，请到信号更好的地方重试。');
    expect(locationFailureText('unavailable', 'mini')).toBe('暂时无法获取你的位置，请确认手机已打开定位服务后重试。');
  });
});
