/** Page tests of the user area: collect form, customer service, agreement, huiminServer, drainage code. */
jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import Taro from '@tarojs/taro';
import type { FormDetail } from '../../contract/form';
import type { ServiceInfo } from '../../contract/user-extras';
import { all, currentRoute, openAt, requests, route, tap, text, typeKeys, waitFor } from './harness';
import { asCustomer } from './customer';

const customer = asCustomer();
const { toasted } = customer;

const field = (
  nKey: string,
  keyName: FormDetail['fields'][number]['keyName'],
  label: string,
  over: Partial<FormDetail['fields'][number]> = {},
) => ({
  nKey,
  keyName,
  label,
  placeholder: '',
  type: 'text' as const,
  required: true,
  multiline: false,
  idCardType: null,
  value: '',
  maxLength: 140,
  ...over,
});

const FORM: FormDetail = {
  formSn: 'PF1',
  title: '信息登记表',
  description: '请如实填写',
  phoneCheck: false,
  oncePerCustomer: false,
  submitted: false,
  successText: '提交成功，工作人员将联系您',
  fields: [
    field('nm', 'NAME', '姓名', { placeholder: '请输入姓名' }),
    field('ph', 'PHONE', '手机号码', { type: 'number', placeholder: '请输入手机号码', maxLength: 11 }),
    field('tx', 'TEXT', '留言', {
      type: 'textarea',
      multiline: true,
      required: false,
      placeholder: '请输入内容',
      maxLength: 500,
    }),
  ],
};

const SERVICE: ServiceInfo = {
  phone: '4001234567',
  phoneText: '400-123-4567',
  hours: '工作日 9:00-18:00',
  wechatLink: null,
  wechatName: null,
  followLink: 'https://work.weixin.qq.com/ca/follow-x',
  followTitle: '关注演示商城',
  followText: '扫码添加企业微信',
};

describe('collectForms', () => {
  test("renders the fields with their input types, shows each error in §5's words, commits and opens the result", async () => {
    route('GET', '/front/v1/form/detail/PF1', () => ({ info: FORM }));
    route('POST', '/front/v1/form/commit', () => ({ info: { submissionSn: 'S1', successText: FORM.successText } }));
    await openAt('/pages/collectForms/collectForms?formSn=PF1');
    await waitFor(() => expect(text('.sf-collect__title')).toBe('信息登记表'));
    await waitFor(() => expect(all('#form-field-tx textarea').length).toBe(1));
    await waitFor(() => expect((all('#form-field-ph input')[0] as HTMLInputElement | undefined)?.type).toBe('number'));

    await typeKeys('#form-field-ph', '1380013800');
    tap(all('#form-submit')[0]);
    await waitFor(() => expect(text('#form-field-ph-error')).toBe('请输入正确的手机号码'));
    expect(text('#form-field-nm-error')).toBe('请输入姓名');
    toasted('请输入姓名');
    expect(requests.some((r) => r.path === '/front/v1/form/commit')).toBe(false);

    await typeKeys('#form-field-nm', '张三');
    await typeKeys('#form-field-ph', '13800138000');
    await waitFor(() => expect(all('#form-field-ph-error').length).toBe(0));
    tap(all('#form-submit')[0]);
    await waitFor(() => expect(currentRoute()).toBe('subpackages/result/success/collectFormSuccess'));
    await waitFor(() => expect(text('.sf-form-result__text')).toBe('提交成功，工作人员将联系您'));
    const sent = requests.find((r) => r.path === '/front/v1/form/commit');
    expect(sent?.data).toMatchObject({ formSn: 'PF1', values: { nm: '张三', ph: '13800138000', tx: '' } });
  });

  test('a refusal by the server marks its field and keeps what was typed', async () => {
    route('GET', '/front/v1/form/detail/PF2', () => ({ info: { ...FORM, formSn: 'PF2' } }));
    route('POST', '/front/v1/form/commit', () => ({ error: '请输入正确的手机号码', status: 400 }));
    await openAt('/pages/collectForms/collectForms?formSn=PF2');
    await typeKeys('#form-field-nm', '李四');
    await typeKeys('#form-field-ph', '13900139000');
    tap(all('#form-submit')[0]);
    await waitFor(() => toasted('请输入正确的手机号码'));
    expect(currentRoute()).toBe('pages/collectForms/collectForms');
    expect((all('#form-field-nm input')[0] as HTMLInputElement).value).toBe('李四');
  });

  test('a once-per-customer form already submitted says so', async () => {
    route('GET', '/front/v1/form/detail/PF3', () => ({
      info: { ...FORM, formSn: 'PF3', oncePerCustomer: true, submitted: true },
    }));
    await openAt('/pages/collectForms/collectForms?formSn=PF3');
    await waitFor(() => expect(text('.sf-empty__text')).toBe('您已提交过该表单'));
  });
});

describe('customer service, agreement, service page, drainage code', () => {
  test("customer service shows the project's number and hours; tap calls, long-press copies", async () => {
    route('GET', '/front/v1/service/info', () => ({ info: SERVICE }));
    const call = jest.spyOn(Taro, 'makePhoneCall').mockImplementation(async () => ({ errMsg: 'makePhoneCall:ok' }));
    const copy = jest
      .spyOn(Taro, 'setClipboardData')
      .mockImplementation(async () => ({ errMsg: 'setClipboardData:ok' }) as never);
    await openAt('/subpackages/user/thirdParty/customerService');
    await waitFor(() => expect(text('#service-phone')).toContain('400-123-4567'));
    expect(text('.sf-service__card')).toContain('工作日 9:00-18:00');
    tap(all('#service-phone')[0]);
    expect(call).toHaveBeenCalledWith({ phoneNumber: '4001234567' });
    all('#service-phone')[0].dispatchEvent(new Event('longpress', { bubbles: true }));
    await waitFor(() => expect(copy).toHaveBeenCalledWith({ data: '4001234567' }));
    await waitFor(() => toasted('复制成功'));
    call.mockRestore();
    copy.mockRestore();
  });

  test('the agreement page shows the user agreement and switches to the privacy policy', async () => {
    route('GET', '/front/v1/client/order/contract/details', (q) => ({
      info:
        q.agreementSn === 'privacy-policy'
          ? { agreementSn: 'privacy-policy', agreementName: '隐私政策', agreementContent: '我们重视您的个人信息保护。' }
          : { agreementSn: 'user-agreement', agreementName: '用户服务协议', agreementContent: '第一条\n第二条' },
    }));
    await openAt('/subpackages/user/user/agreement');
    await waitFor(() => expect(text('#agreement-title')).toBe('用户服务协议'));
    expect(all('.sf-agreement__line').length).toBe(2);
    tap(all('.sf-agreement__tab')[1]);
    await waitFor(() => expect(text('#agreement-title')).toBe('隐私政策'));
  });

  test('the service page lists the built ways to reach the merchant', async () => {
    route('GET', '/front/v1/service/info', () => ({ info: SERVICE }));
    await openAt('/subpackages/user/huimin/huiminServer');
    await waitFor(() => expect(text('#huimin-phone')).toBe('服务热线 400-123-4567'));
    expect(all('.sf-huimin__entry-title').map((e) => e.textContent)).toEqual([
      '信息登记',
      '联系客服',
      '意见反馈',
      '关注我们',
      '用户协议',
    ]);
  });

  test('the drainage code asks the server to draw the follow link and shows it with the hint', async () => {
    route('GET', '/front/v1/service/info', () => ({ info: SERVICE }));
    route('GET', '/api/text2QrCode', (q) => ({
      info: { image: `data:image/png;base64,${Buffer.from(String(q.text)).toString('base64')}` },
    }));
    await openAt('/subpackages/user/drainage/drainageCode');
    await waitFor(() => expect(text('.sf-drainage__title')).toBe('关注演示商城'));
    await waitFor(() => expect(all('#drainage-qr').length).toBe(1));
    const qr = requests.find((r) => r.path === '/api/text2QrCode');
    expect(qr?.data.text).toBe('https://work.weixin.qq.com/ca/follow-x');
    expect(text('.sf-qr__hint')).toMatch(/长按二维码/);
  });

  test('the drainage code says what went wrong when the server cannot draw QR codes', async () => {
    route('GET', '/front/v1/service/info', () => ({ info: SERVICE }));
    route('GET', '/api/text2QrCode', () => ({ error: '二维码服务暂不可用（服务器未安装 qrcode 组件）', status: 503 }));
    await openAt('/subpackages/user/drainage/drainageCode');
    await waitFor(() => expect(text('.sf-qr__error')).toBe('二维码服务暂不可用（服务器未安装 qrcode 组件）'));
  });
});
