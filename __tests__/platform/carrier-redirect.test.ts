/**
 * §4 points in the mini-programs: the query waits in storage with its flag and the carrier's page opens
 * in the carrier web-view page, which makes its address absolute on the API origin and knows the callbackUrl when
 * it loads it. Taro's navigation is faked (the platform module the weapp variant calls).
 */
jest.mock('../../src/platform/navigation', () => ({ openPage: jest.fn(async () => undefined) }));
import { openPage } from '../../src/platform/navigation';
import { hasPending, MINI_CALLBACK_PATH, takePending } from '../../src/platform/carrier-redirect-core';
import { carrierPageUrl, isCarrierReturn } from '../../src/platform/carrier-redirect-return';
import * as swan from '../../src/platform/carrier-redirect.swan';
import { callbackUrl, goAuthorise } from '../../src/platform/carrier-redirect.weapp';

const API = 'http://192.168.1.5:10086';
const open = openPage as jest.Mock;

describe('carrier authorisation in a mini-program web-view', () => {
  beforeEach(() => open.mockClear());
  afterEach(() => {
    takePending('MOBILE_INTEGRAL');
    takePending('UNICOM_INTEGRAL');
  });

  test('goAuthorise stores the phone and the flag, then opens the web-view page with the carrier page and the callback', async () => {
    await goAuthorise({ integralType: 'MOBILE_INTEGRAL', phone: '13800138009' }, '/sandbox/carrier/authorise/ca1');
    expect(open.mock.calls).toEqual([
      ['subpackages/user/integral/carrierAuth', { url: '/sandbox/carrier/authorise/ca1', back: MINI_CALLBACK_PATH }],
    ]);
    // The query waits for its own carrier only, and is taken once (no second query on a later show).
    expect(hasPending('UNICOM_INTEGRAL')).toBe(false);
    expect(hasPending('MOBILE_INTEGRAL')).toBe(true);
    expect(takePending('MOBILE_INTEGRAL')).toEqual({
      integralType: 'MOBILE_INTEGRAL',
      phone: '13800138009',
      flag: true,
    });
    expect(takePending('MOBILE_INTEGRAL')).toBeNull();
  });

  test('the web-view page opens the carrier page absolute on the API origin, and nothing it cannot', () => {
    expect(carrierPageUrl('/sandbox/carrier/authorise/ca1', `${API}/api`)).toBe(`${API}/sandbox/carrier/authorise/ca1`);
    expect(carrierPageUrl('https://carrier.example.com/auth?t=1', API)).toBe('https://carrier.example.com/auth?t=1');
    expect(carrierPageUrl('//evil.example.com/x', API)).toBeNull();
    expect(carrierPageUrl('javascript:alert(1)', API)).toBeNull();
    expect(carrierPageUrl('sandbox/carrier/authorise/ca1', API)).toBeNull();
    expect(carrierPageUrl('/sandbox/carrier/authorise/ca1', '')).toBeNull();
  });

  test('the callbackUrl is a same-origin path, recognised only when the web-view loads it on the API origin', () => {
    expect(callbackUrl()).toBe(MINI_CALLBACK_PATH);
    expect(MINI_CALLBACK_PATH.startsWith('/') && !MINI_CALLBACK_PATH.startsWith('//')).toBe(true);
    const back = MINI_CALLBACK_PATH;
    expect(isCarrierReturn(`${API}${back}`, API, back)).toBe(true);
    // The H5 router may add its hash once the page has run.
    expect(isCarrierReturn(`${API}${back}#/pages/entrance/entrance`, API, back)).toBe(true);
    expect(isCarrierReturn(`${API}/sandbox/carrier/authorise/ca1`, API, back)).toBe(false);
    expect(isCarrierReturn(`${API}/`, API, back)).toBe(false);
    expect(isCarrierReturn(`https://carrier.example.com${back}`, API, back)).toBe(false);
    expect(isCarrierReturn(`${API}.evil.example.com${back}`, API, back)).toBe(false);
    expect(isCarrierReturn('', API, back)).toBe(false);
    // No callback named: nothing counts as the return (only the back button leaves).
    expect(isCarrierReturn(`${API}/`, API, '')).toBe(false);
  });

  test('Baidu uses the same flow', () => {
    expect(swan.goAuthorise).toBe(goAuthorise);
    expect(swan.callbackUrl).toBe(callbackUrl);
  });
});
