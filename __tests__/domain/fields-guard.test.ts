import fc from 'fast-check';
import { AREA_UNSUPPORTED, isAreaRestricted, restrictedAreaMessage } from '../../contract/rules/areas';
import {
  FIELD_PLACEHOLDERS,
  firstApplicantError,
  inputTypeFor,
  maxLengthFor,
  validateField,
  type FieldKeyName,
  type RuleLike,
} from '../../contract/rules/fields';
import { submitGuard, type GuardInput } from '../../contract/rules/submit-guard';

describe('field validators (§5)', () => {
  test.each<[FieldKeyName, string, string | null, string | null]>([
    ['TEXT', '', null, '请输入内容'],
    ['TEXT', '  ', null, '请输入内容'],
    ['TEXT', 'a', null, null],
    ['NAME', '', null, '请输入姓名'],
    ['NAME', '张三', null, null],
    ['IDCARD', '11010519491231002X', null, null],
    ['IDCARD', '110105491231002', null, null],
    ['IDCARD', '1101051949123100', null, '请输入正确的身份证号码'],
    ['IDCARD', '', null, '请输入正确的身份证号码'],
    ['IDCARD', 'H1234567', 'IDCARD_OUT', null],
    ['IDCARD', '', 'IDCARD_OUT', '请输入正确的身份证号码'],
    ['IDCARD_OUT', 'A123456(7)', null, null],
    ['IDCARD_OUT', 'x'.repeat(51), null, '请输入正确的身份证号码'],
    ['NUMBER', '123', null, null],
    ['NUMBER', '12a', null, '请输入正确的数字格式'],
    ['NUMBER', '', null, '请输入正确的数字格式'],
    ['PHONE', '13800138000', null, null],
    ['PHONE', '12800138000', null, '请输入正确的手机号码'],
    ['PHONE', '1380013800', null, '请输入正确的手机号码'],
    ['EMAIL', 'a.b@example.com', null, null],
    ['EMAIL', 'a@b', null, '请输入正确的邮箱格式'],
    ['ADDRESS', '', null, '请输入地址信息'],
    ['ADDRESS', '南山区科技园', null, null],
  ])('%s %j (%s) -> %j', (key, value, idType, message) => expect(validateField(key, value, idType)).toBe(message));

  test('placeholders and input types', () => {
    expect(FIELD_PLACEHOLDERS).toEqual({
      TEXT: '请输入内容',
      NAME: '请输入姓名',
      IDCARD: '请输入身份证号',
      IDCARD_OUT: '请输入证件号码',
      NUMBER: '请输入数字',
      PHONE: '请输入手机号码',
      EMAIL: '请输入邮箱',
      ADDRESS: '请输入地址信息',
    });
    expect(inputTypeFor('PHONE')).toBe('number');
    expect(inputTypeFor('NUMBER')).toBe('number');
    expect(inputTypeFor('EMAIL')).toBe('text');
    expect(maxLengthFor('IDCARD_OUT')).toBe(50);
    expect(maxLengthFor('PHONE')).toBe(11);
  });

  test('applicant rules: required ones in order, submitTips wins, optional checked only when filled', () => {
    const rules: RuleLike[] = [
      { nKey: 'aaaaaa', keyName: 'NAME', label: '姓名', required: true, idCardType: null, submitTips: null },
      {
        nKey: 'bbbbbb',
        keyName: 'IDCARD',
        label: '身份证',
        required: true,
        idCardType: 'IDCARD',
        submitTips: '请填写本人身份证号',
      },
      { nKey: 'cccccc', keyName: 'EMAIL', label: '邮箱', required: false, idCardType: null, submitTips: null },
    ];
    expect(firstApplicantError(rules, {})).toBe('请输入姓名');
    expect(firstApplicantError(rules, { aaaaaa: '张三', bbbbbb: '123' })).toBe('请填写本人身份证号');
    expect(firstApplicantError(rules, { aaaaaa: '张三', bbbbbb: '11010519491231002X' })).toBeNull();
    expect(firstApplicantError(rules, { aaaaaa: '张三', bbbbbb: '11010519491231002X', cccccc: 'bad' })).toBe(
      '请输入正确的邮箱格式',
    );
  });
});

describe('restricted areas (§5)', () => {
  const restricted = [
    { provinceId: '650000', cityId: null, areaId: null, name: '新疆维吾尔自治区' },
    { provinceId: '440000', cityId: '440300', areaId: null, name: '深圳市' },
    { provinceId: '110000', cityId: '110100', areaId: '110105', name: '朝阳区' },
  ];
  test.each([
    [{ provinceId: '650000', cityId: '650100', areaId: '650102' }, true],
    [{ provinceId: '440000', cityId: '440300', areaId: '440305' }, true],
    [{ provinceId: '440000', cityId: '440100', areaId: '440106' }, false],
    [{ provinceId: '110000', cityId: '110100', areaId: '110105' }, true],
    [{ provinceId: '110000', cityId: '110100', areaId: '110108' }, false],
    [{ provinceId: '310000', cityId: '-1', areaId: '310101' }, true],
  ])('%j -> %s', (address, blocked) => expect(isAreaRestricted(address, restricted)).toBe(blocked));
  test('message names the restrictions the address falls in, then special areas', () => {
    const urumqi = { provinceId: '650000', cityId: '650100', areaId: '650102' };
    expect(restrictedAreaMessage(urumqi, restricted)).toBe('新疆维吾尔自治区等特殊地区暂不支持购买');
    const chaoyang = { provinceId: '110000', cityId: '110100', areaId: '110105' };
    expect(restrictedAreaMessage(chaoyang, restricted)).toBe('朝阳区等特殊地区暂不支持购买');
  });
  test('property: the message names exactly the restrictions the address falls in, however many the item has', () => {
    const id = fc.constantFrom('1', '2', '3');
    const area = fc.record({ provinceId: id, cityId: fc.option(id), areaId: fc.option(id) });
    fc.assert(
      fc.property(fc.array(area, { maxLength: 40 }), id, id, id, (areas, provinceId, cityId, areaId) => {
        const address = { provinceId, cityId, areaId };
        const named = areas.map((a, i) => ({ ...a, name: `区${i}` }));
        const message = restrictedAreaMessage(address, named);
        for (const r of named) {
          const inIt =
            r.provinceId === provinceId && (!r.cityId || r.cityId === cityId) && (!r.areaId || r.areaId === areaId);
          expect(message.split(/[、等]/).includes(r.name)).toBe(inIt);
        }
        expect(message === '该地区暂不支持购买，请更换地址').toBe(!isAreaRestricted(address, named));
      }),
    );
  });
  test('an address no restriction names (an id of -1) hears the plain message', () => {
    const unknown = { provinceId: '310000', cityId: '-1', areaId: '310101' };
    expect(restrictedAreaMessage(unknown, restricted)).toBe('该地区暂不支持购买，请更换地址');
  });
});

describe('submit guard order (§5)', () => {
  const base: GuardInput = {
    disabled: false,
    firstPayment: true,
    rules: [{ nKey: 'aaaaaa', keyName: 'NAME', label: '姓名', required: true, idCardType: null, submitTips: null }],
    values: {},
    needsDelivery: true,
    address: null,
    areaRestricted: true,
    invalidAreas: [{ provinceId: '650000', cityId: null, areaId: null, name: '新疆' }],
    isHousehold: true,
    householdType: null,
    needsAgreement: true,
    agreed: false,
    orderToken: '',
  };
  const bad = { provinceId: '650000', cityId: '650100', areaId: '650102' };
  const good = { provinceId: '440000', cityId: '440300', areaId: '440305' };
  test('each step in turn, in exactly the spec order', () => {
    const steps: [Partial<GuardInput>, string | null][] = [
      [{}, '请输入姓名'],
      [{ values: { aaaaaa: '张三' } }, '请输入配送地址信息!'],
      [{ values: { aaaaaa: '张三' }, address: bad }, AREA_UNSUPPORTED],
      [{ values: { aaaaaa: '张三' }, address: good }, '请选择入户类型!'],
      [{ values: { aaaaaa: '张三' }, address: good, householdType: 'TALENT_IN' }, '请先同意购买协议!'],
      [{ values: { aaaaaa: '张三' }, address: good, householdType: 'TALENT_IN', agreed: true }, null],
    ];
    for (const [over, toast] of steps) expect(submitGuard({ ...base, ...over })).toEqual({ ok: false, toast });
    expect(
      submitGuard({
        ...base,
        values: { aaaaaa: '张三' },
        address: good,
        householdType: 'TALENT_IN',
        agreed: true,
        orderToken: 't',
      }),
    ).toEqual({ ok: true });
  });
  test('a disabled order is refused silently; later payments skip the first-payment checks', () => {
    expect(submitGuard({ ...base, disabled: true })).toEqual({ ok: false, toast: null });
    expect(submitGuard({ ...base, firstPayment: false, orderToken: 't' })).toEqual({ ok: true });
  });
  test('no delivery, no household, no agreement needed', () => {
    expect(
      submitGuard({
        ...base,
        rules: [],
        needsDelivery: false,
        isHousehold: false,
        needsAgreement: false,
        orderToken: 't',
      }),
    ).toEqual({ ok: true });
  });
});
