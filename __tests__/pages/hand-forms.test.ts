/**
 * The hand-written form pages send through one helper (src/stores/form-send.ts): typed key by key,
 * a problem found before sending is named and nothing typed is lost, the server's refusal is shown in its own
 * words and the fields keep what was typed, and a second tap while sending sends nothing.
 */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import { asCustomer } from './customer';
import { openAt, requests, route, tap, text, typeKeys, waitFor } from './harness';

const customer = asCustomer();
const { toasted } = customer;
const valueOf = (selector: string) => (document.querySelector(selector) as HTMLInputElement).value;
const IDENTIFY = '/front/v1/personal/doIdentify';

describe('实名认证', () => {
  beforeEach(() => {
    route('GET', '/front/v1/personal/getIdentify', () => ({
      info: { verified: false, realName: null, idNumberMasked: null },
    }));
  });

  test('a wrong ID number is named under the form and keeps what was typed; nothing is sent', async () => {
    await openAt('/subpackages/earnings/authentication/authentication');
    await typeKeys('#auth-name', '王五');
    await typeKeys('#auth-id', '110101199003071234');
    tap(document.querySelector('#auth-submit'));
    await waitFor(() => expect(text('#auth-error')).not.toBe(''));
    toasted(text('#auth-error'));
    expect(valueOf('#auth-name input')).toBe('王五');
    expect(valueOf('#auth-id input')).toBe('110101199003071234');
    expect(requests.some((r) => r.path === IDENTIFY)).toBe(false);
  });

  test("the server's refusal is shown in its words and the fields keep their values", async () => {
    route('POST', IDENTIFY, () => ({ error: '姓名与身份证号不一致，请核对后重新认证', code: 4000 }));
    await openAt('/subpackages/earnings/authentication/authentication');
    await typeKeys('#auth-name', '李不符');
    await typeKeys('#auth-id', '11010519491231002X');
    tap(document.querySelector('#auth-submit'));
    await waitFor(() => expect(text('#auth-error')).toBe('姓名与身份证号不一致，请核对后重新认证'));
    toasted('姓名与身份证号不一致，请核对后重新认证');
    expect(valueOf('#auth-name input')).toBe('李不符');
    expect(requests.filter((r) => r.path === IDENTIFY)).toHaveLength(1);
    expect(requests.find((r) => r.path === IDENTIFY)?.data).toMatchObject({
      realName: '李不符',
      idNumber: '11010519491231002X',
    });
  });

  test('a second tap while the first is on its way sends nothing more', async () => {
    let release: () => void = () => undefined;
    route('POST', IDENTIFY, () => new Promise((done) => (release = () => done({ error: '稍后再试', code: 4000 }))));
    await openAt('/subpackages/earnings/authentication/authentication');
    await typeKeys('#auth-name', '王五');
    await typeKeys('#auth-id', '11010519491231002X');
    tap(document.querySelector('#auth-submit'));
    await waitFor(() => expect(requests.filter((r) => r.path === IDENTIFY)).toHaveLength(1));
    tap(document.querySelector('#auth-submit'));
    release();
    await waitFor(() => expect(text('#auth-error')).toBe('稍后再试'));
    expect(requests.filter((r) => r.path === IDENTIFY)).toHaveLength(1);
  });
});

describe('收货地址', () => {
  test('a missing area is named before sending; a refused save keeps every field', async () => {
    route('POST', '/front/v1/address', () => ({ error: '收货地址最多保存20个', code: 4000 }));
    await openAt('/subpackages/user/address/addEditAddress');
    await typeKeys('#address-name', '张三');
    await typeKeys('#address-phone', '13800138000');
    await typeKeys('#address-detail', '人民路1号');
    tap(document.querySelector('.sf-address-form__save'));
    await waitFor(() => expect(customer.toast).toHaveBeenCalled());
    expect(requests.some((r) => r.path === '/front/v1/address')).toBe(false);
    expect(valueOf('#address-name input')).toBe('张三');
    expect(valueOf('#address-detail textarea')).toBe('人民路1号');
  });
});
