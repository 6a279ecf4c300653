/**
 * Location per platform (§2 system pages), with Taro faked: the mini-programs' native picker and map with the
 * refusal → 去设置 → retry path, and H5's position (Taro.getLocation, converted to GCJ-02) and page hand-over.
 */
import Taro from '@tarojs/taro';
import { wgs84ToGcj02 } from '../../src/domain/location';
import { LocationError, location as h5Location } from '../../src/platform/location';
import { createMiniLocation, type MiniLocationApi } from '../../src/platform/location/mini';
import { awaitChoice, isAwaitingChoice, settleChoice } from '../../src/platform/location/pending';

const PLACE = {
  name: '城市烘焙教室',
  address: '广州市天河区体育西路103号3楼',
  latitude: 23.13352,
  longitude: 113.32186,
};
const denied = { errMsg: 'chooseLocation:fail auth deny' };

function fakeMini(over: Partial<MiniLocationApi> = {}) {
  const api: jest.Mocked<MiniLocationApi> = {
    chooseLocation: jest.fn(async () => PLACE),
    openLocation: jest.fn(async () => ({ errMsg: 'openLocation:ok' })),
    getLocation: jest.fn(async () => ({ latitude: 23.1, longitude: 113.3 })),
    openSetting: jest.fn(async () => ({ authSetting: { 'scope.userLocation': true } })),
    confirm: jest.fn(async () => true),
    toast: jest.fn(),
    ...over,
  } as jest.Mocked<MiniLocationApi>;
  return { api, loc: createMiniLocation(api) };
}

describe('mini-programs', () => {
  test("the native picker's place is handed back", async () => {
    const { loc } = fakeMini();
    await expect(loc.chooseLocation()).resolves.toEqual(PLACE);
  });

  test('closing the picker is not an error: nothing said, nothing chosen', async () => {
    const { api, loc } = fakeMini({
      chooseLocation: jest.fn(async () => Promise.reject({ errMsg: 'chooseLocation:fail cancel' })),
    });
    await expect(loc.chooseLocation()).resolves.toBeNull();
    expect(api.toast).not.toHaveBeenCalled();
    expect(api.confirm).not.toHaveBeenCalled();
  });

  test('a refusal says why and offers 去设置; allowed there, the picker opens again', async () => {
    const choose = jest.fn().mockRejectedValueOnce(denied).mockResolvedValueOnce(PLACE);
    const { api, loc } = fakeMini({ chooseLocation: choose });
    await expect(loc.chooseLocation()).resolves.toEqual(PLACE);
    expect(api.confirm).toHaveBeenCalledWith(
      '需要位置权限',
      '你已拒绝获取位置信息。请点「去设置」打开「位置信息」权限，然后重试。',
      '去设置',
    );
    expect(api.openSetting).toHaveBeenCalledTimes(1);
    expect(choose).toHaveBeenCalledTimes(2);
  });

  test('declining 去设置 chooses nothing and opens no settings', async () => {
    const { api, loc } = fakeMini({
      chooseLocation: jest.fn(async () => Promise.reject(denied)),
      confirm: jest.fn(async () => false),
    });
    await expect(loc.chooseLocation()).resolves.toBeNull();
    expect(api.openSetting).not.toHaveBeenCalled();
  });

  test('still not allowed in the settings: no second picker', async () => {
    const choose = jest.fn(async () => Promise.reject(denied));
    const { loc } = fakeMini({
      chooseLocation: choose,
      openSetting: jest.fn(async () => ({ authSetting: { 'scope.userLocation': false } })),
    });
    await expect(loc.chooseLocation()).resolves.toBeNull();
    expect(choose).toHaveBeenCalledTimes(1);
  });

  test('refused again after the settings: asked once only, no loop', async () => {
    const choose = jest.fn(async () => Promise.reject(denied));
    const { api, loc } = fakeMini({ chooseLocation: choose });
    await expect(loc.chooseLocation()).resolves.toBeNull();
    expect(choose).toHaveBeenCalledTimes(2);
    expect(api.confirm).toHaveBeenCalledTimes(1);
  });

  test('another failure is said in words', async () => {
    const { api, loc } = fakeMini({
      chooseLocation: jest.fn(async () =>
        Promise.reject({ errMsg: 'chooseLocation:fail:ERROR_NOCELL&WIFI_LOCATIONSWITCHOFF' }),
      ),
    });
    await expect(loc.chooseLocation()).resolves.toBeNull();
    expect(api.toast).toHaveBeenCalledWith('暂时无法获取你的位置，请确认手机已打开定位服务后重试。');
  });

  test('the native map shows the place at street scale', async () => {
    const { api, loc } = fakeMini();
    await loc.openLocation(PLACE);
    expect(api.openLocation).toHaveBeenCalledWith({ ...PLACE, scale: 18 });
  });

  test('the position is GCJ-02 as given; a refusal rejects with its kind', async () => {
    const { loc } = fakeMini();
    await expect(loc.locate()).resolves.toEqual({ latitude: 23.1, longitude: 113.3 });
    const refused = fakeMini({
      getLocation: jest.fn(async () => Promise.reject({ errMsg: 'getLocation:fail auth deny' })),
    });
    await expect(refused.loc.locate()).rejects.toMatchObject({ kind: 'denied' });
  });

  test('openSettings reports whether location is now allowed', async () => {
    await expect(fakeMini().loc.openSettings()).resolves.toBe(true);
    await expect(
      fakeMini({ openSetting: jest.fn(async () => ({ authSetting: {} })) }).loc.openSettings(),
    ).resolves.toBe(false);
    await expect(
      fakeMini({ openSetting: jest.fn(async () => Promise.reject(new Error('x'))) }).loc.openSettings(),
    ).resolves.toBe(false);
  });
});

describe('H5', () => {
  afterEach(() => jest.restoreAllMocks());

  test("the browser position (WGS-84) comes back on the maps' grid", async () => {
    const get = jest
      .spyOn(Taro, 'getLocation')
      .mockImplementation(async () => ({ latitude: 23.11, longitude: 113.32 }) as never);
    await expect(h5Location.locate()).resolves.toEqual(wgs84ToGcj02({ latitude: 23.11, longitude: 113.32 }));
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ type: 'wgs84', highAccuracyExpireTime: 15000 }));
  });

  test.each([
    ['User denied Geolocation', 'denied'],
    ['Timeout expired', 'timeout'],
    ['Position unavailable', 'unavailable'],
  ])('the browser saying %p is a LocationError %p', async (errMsg, kind) => {
    jest.spyOn(Taro, 'getLocation').mockImplementation(async () => Promise.reject({ errMsg }) as never);
    const err = await h5Location.locate().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LocationError);
    expect((err as LocationError).kind).toBe(kind);
  });

  test('no settings page to open in a browser', async () => {
    await expect(h5Location.openSettings()).resolves.toBe(false);
    expect(h5Location.platform).toBe('h5');
    expect(h5Location.hasMapPicker).toBe(false);
  });
});

describe('the hand-over to /choose-location', () => {
  test('the asker gets what the page settles, once', async () => {
    const choice = awaitChoice();
    expect(isAwaitingChoice()).toBe(true);
    settleChoice(PLACE);
    settleChoice(null);
    await expect(choice).resolves.toEqual(PLACE);
    expect(isAwaitingChoice()).toBe(false);
  });
  test('a second ask settles the first with null instead of leaving it waiting', async () => {
    const first = awaitChoice();
    const second = awaitChoice();
    await expect(first).resolves.toBeNull();
    settleChoice(PLACE);
    await expect(second).resolves.toEqual(PLACE);
  });
});
