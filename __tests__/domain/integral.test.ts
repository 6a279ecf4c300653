/** Carrier points rules (§3 integral package, §5 points search, §9 suffix and note), table-driven. */
import {
  INTEGRAL_NOTE,
  INTEGRAL_PHONE_MAX,
  INTEGRAL_PHONE_PLACEHOLDER,
  carrierAccepted,
  integralCarrier,
  integralPhoneError,
  integralPhoneInput,
  maskPhone,
  pointsOrderSums,
  pointsPriceText,
  pointsText,
} from '../../contract/rules/integral';
import { itemPriceText } from '../../src/domain/catalogue';

describe('carrier labels and suffixes (§3, §9)', () => {
  test.each([
    ['MOBILE_INTEGRAL', '中国移动', '移动积分'],
    ['UNICOM_INTEGRAL', '中国联通', '联通积分'],
    ['', '', '积分'],
    [null, '', '积分'],
    [undefined, '', '积分'],
    ['TELECOM_INTEGRAL', '', '积分'],
  ])('%s → %s / %s', (type, label, suffix) => {
    expect(integralCarrier(type)).toEqual({ label, suffix });
  });

  test('points text carries the suffix', () => {
    expect(pointsText(1500, 'MOBILE_INTEGRAL')).toBe('1500移动积分');
    expect(pointsText(0, 'UNICOM_INTEGRAL')).toBe('0联通积分');
    expect(pointsText(500, '')).toBe('500积分');
  });

  // One rule for every place a points item's price shows: cards, detail, order screen, order list and detail.
  test.each([
    [{ integralType: 'MOBILE_INTEGRAL', points: 1500, cashAmount: 0 }, '1500移动积分'],
    [{ integralType: 'UNICOM_INTEGRAL', points: 1000, cashAmount: 100 }, '1000联通积分+¥1'],
    [{ integralType: '', points: 500, cashAmount: 1250 }, '500积分+¥12.5'],
  ])('points price %o → %s', (price, shown) => {
    expect(pointsPriceText(price)).toBe(shown);
    // A card or detail with the same price says the same, never its points figure read as fen (¥15).
    expect(itemPriceText(price.points, price)).toBe(shown);
  });

  test('an item without a points price shows 免费 or its ¥ price', () => {
    expect(itemPriceText(0, null)).toBe('免费');
    expect(itemPriceText(1280, undefined)).toBe('¥12.8');
  });

  test('the §9 note, verbatim', () => {
    expect(INTEGRAL_NOTE).toBe('积分查询可能会延迟，具体以移动官方积分余额为准');
  });
});

describe('points search validation (§5)', () => {
  test('placeholder and limit', () => {
    expect(INTEGRAL_PHONE_PLACEHOLDER).toBe('请输入11位手机号码');
    expect(INTEGRAL_PHONE_MAX).toBe(11);
  });

  test.each([
    ['', '请输入手机号'],
    ['   ', '请输入手机号'],
    ['1380013800', '请输入正确的11位手机号'],
    ['12800138000', '请输入正确的11位手机号'],
    ['23800138000', '请输入正确的11位手机号'],
    ['1380013800a', '请输入正确的11位手机号'],
    ['13800138000', null],
    [' 13800138000 ', null],
    ['19912345678', null],
  ])('%j → %s', (phone, message) => {
    expect(integralPhoneError(phone)).toBe(message);
  });

  test('the input keeps digits only, at most 11', () => {
    expect(integralPhoneInput('138 0013-8000')).toBe('13800138000');
    expect(integralPhoneInput('1380013800099')).toBe('13800138000');
    expect(integralPhoneInput('abc')).toBe('');
  });

  test('phones are masked in the middle', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
    expect(maskPhone('123')).toBe('123');
  });
});

describe('points order sums', () => {
  test.each([
    [
      { balance: 3000, points: 800, maxIntegral: 5000 },
      { remaining: 2200, enough: true, overMax: false },
    ],
    [
      { balance: 800, points: 800, maxIntegral: 5000 },
      { remaining: 0, enough: true, overMax: false },
    ],
    [
      { balance: 799, points: 800, maxIntegral: 5000 },
      { remaining: null, enough: false, overMax: false },
    ],
    [
      { balance: null, points: 800, maxIntegral: 5000 },
      { remaining: null, enough: false, overMax: false },
    ],
    [
      { balance: 90000, points: 6000, maxIntegral: 5000 },
      { remaining: 84000, enough: true, overMax: true },
    ],
    [
      { balance: 90000, points: 6000, maxIntegral: 0 },
      { remaining: 84000, enough: true, overMax: false },
    ],
  ])('%j', (input, out) => {
    expect(pointsOrderSums(input)).toEqual(out);
  });

  test('remaining plus points is the balance whenever it is enough', () => {
    for (let balance = 0; balance <= 3000; balance += 250) {
      const s = pointsOrderSums({ balance, points: 800, maxIntegral: 5000 });
      if (s.enough) expect(s.remaining! + 800).toBe(balance);
      else expect(balance).toBeLessThan(800);
    }
  });

  test('the carrier an item accepts: its own, narrowed by minIntegralType', () => {
    expect(carrierAccepted({ integralType: 'MOBILE_INTEGRAL', minIntegralType: null }, 'MOBILE_INTEGRAL')).toBe(true);
    expect(carrierAccepted({ integralType: 'MOBILE_INTEGRAL', minIntegralType: null }, 'UNICOM_INTEGRAL')).toBe(false);
    expect(carrierAccepted({ integralType: '', minIntegralType: 'UNICOM_INTEGRAL' }, 'UNICOM_INTEGRAL')).toBe(true);
    expect(carrierAccepted({ integralType: '', minIntegralType: null }, '')).toBe(true);
  });
});
