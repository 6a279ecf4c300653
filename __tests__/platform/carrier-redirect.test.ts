/**
 * §4 points in the mini-programs (issue 14): the carrier's page opens in the carrier web-view page with an absolute
 * address, the query waits in storage with its flag, and the web-view knows the callbackUrl when it loads it.
 * Taro's navigation and toast are faked (the platform modules the weapp variant calls).
 */
jest.mock('../../src/platform/navigation', () => ({ openPage: jest.fn(async () => undefined) }));
jest.mock('../../src/platform/ui', () => ({ toast: jest.fn() }));
import { openPage } from '../../src/platform/navigation';
import { toast } from '../../src/platform/ui';
import { hasPending, MINI_CALLBACK_PATH, takePending } from '../../src/platform/carrier-redirect-core';
import { isCarrierReturn } from '../../src/platform/carrier-redirect-return';
import * as swan from '../../src/platform/carrier-redirect.swan';
import { callbackUrl, goAuthorise } from '../../src/platform/carrier-redirect.weapp';

const API = 'http://192.168.1.5:10086';

describe('carrier authorisation in a mini-program web-view', () => {
  const open = openPage as jest.Mock;
  const fail = toast as jest.Mock;
  beforeEach(() => {
    open.mockClear();
    fail.mockClear();
  });
  afterEach(() => {
    takePending('MOBILE_INTEGRAL');
    takePending('UNICOM_INTEGRAL');
  });

  test('the carrier page opens absolute on the API origin; a relative or absent base opens nothing', async () => {
    await goAuthorise({ integralType: 'MOBILE_INTEGRAL', phone: '13800138009' }, 'https://carrier.example.com/auth?t=1', `${API}/api`);
    await goAuthorise({ integralType: 'MOBILE_INTEGRAL', phone: '13800138009' }, 'sandbox/carrier/authorise/ca1', `${API}/api`);
    await goAuthorise({ integralType: 'MOBILE_INTEGRAL', phone: '13800138009' }, '/sandbox/carrier/authorise/ca1', '');
    expect(open.mock.calls).toEqual([['subpackages/user/integral/carrierAuth', { url: 'https://carrier.example.com/auth?t=1' }]]);
    expect(fail).toHaveBeenCalledTimes(2);
  });

  test('the callbackUrl is a same-origin path, recognised only when the web-view loads it on the API origin', () => {
    expect(callbackUrl()).toBe(MINI_CALLBACK_PATH);
    expect(MINI_CALLBACK_PATH.startsWith('/') && !MINI_CALLBACK_PATH.startsWith('//')).toBe(true);
    expect(isCarrierReturn(`${API}${MINI_CALLBACK_PATH}`, API)).toBe(true);
    // The H5 router may add its hash once the page has run.
    expect(isCarrierReturn(`${API}${MINI_CALLBACK_PATH}#/pages/entrance/entrance`, API)).toBe(true);
    expect(isCarrierReturn(`${API}/sandbox/carrier/authorise/ca1`, API)).toBe(false);
    expect(isCarrierReturn(`${API}/`, API)).toBe(false);
    expect(isCarrierReturn(`https://carrier.example.com${MINI_CALLBACK_PATH}`, API)).toBe(false);
    expect(isCarrierReturn(`${API}.evil.example.com${MINI_CALLBACK_PATH}`, API)).toBe(false);
    expect(isCarrierReturn('', API)).toBe(false);
  });

  test('goAuthorise stores the phone and the flag, then opens the carrier page in the web-view page', async () => {
    await goAuthorise({ integralType: 'MOBILE_INTEGRAL', phone: '13800138009' }, '/sandbox/carrier/authorise/ca1', API);
    expect(open.mock.calls).toEqual([['subpackages/user/integral/carrierAuth', { url: `${API}/sandbox/carrier/authorise/ca1` }]]);
    expect(fail).not.toHaveBeenCalled();
    // The query waits for its own carrier only, and is taken once (no second query on a later show).
    expect(hasPending('UNICOM_INTEGRAL')).toBe(false);
    expect(hasPending('MOBILE_INTEGRAL')).toBe(true);
    expect(takePending('MOBILE_INTEGRAL')).toEqual({ integralType: 'MOBILE_INTEGRAL', phone: '13800138009', flag: true });
    expect(takePending('MOBILE_INTEGRAL')).toBeNull();
  });

  test('a carrier address the web-view cannot open says so and leaves nothing waiting', async () => {
    await goAuthorise({ integralType: 'UNICOM_INTEGRAL', phone: '13800138009' }, 'javascript:alert(1)', API);
    expect(open).not.toHaveBeenCalled();
    expect(fail).toHaveBeenCalledWith('当前环境无法打开积分授权页');
    expect(hasPending('UNICOM_INTEGRAL')).toBe(false);
  });

  test('Baidu uses the same flow', () => {
    expect(swan.goAuthorise).toBe(goAuthorise);
    expect(swan.callbackUrl).toBe(callbackUrl);
  });
});
