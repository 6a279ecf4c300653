/** §3 echoValue from §7 user-info/list: the applicant form starts from what the customer gave last time. */
import type { Api } from '../../src/api';
import { courseConfirmation as confirmation } from '../fixtures/order';
import { OrderDraft } from '../../src/stores/order-draft';

const rule = (nKey: string, keyName: string, label: string, echoValue: string | null = null) =>
  ({
    nKey,
    keyName,
    label,
    placeholder: null,
    value: '',
    required: 1,
    echoValue,
    idCardType: null,
    multiline: false,
    submitTips: null,
  }) as never;

function fakeApi(restrict: never[], userInfoList: jest.Mock) {
  const order = {
    confirmCourse: jest.fn(async () => confirmation({ restrict })),
    coupons: jest.fn(async () => ({ list: [] })),
    orderToken: jest.fn(async () => ({ orderToken: 'tok' })),
  };
  return { order, pages: { userInfoList } } as unknown as Api;
}

test("empty fields take the saved user info; the server's own echo wins", async () => {
  const userInfoList = jest.fn(async () => ({
    list: [
      { keyName: 'NAME', label: '姓名', value: '张三' },
      { keyName: 'PHONE', label: '手机号码', value: '13700137101' },
    ],
  }));
  const d = new OrderDraft(
    fakeApi(
      [rule('n1', 'NAME', '学员姓名'), rule('p1', 'PHONE', '手机号码', '13900000000'), rule('t1', 'TEXT', '备注')],
      userInfoList,
    ),
    'course',
    'A1',
    '',
  );
  await d.load();
  expect(userInfoList).toHaveBeenCalledTimes(1);
  expect(d.values).toEqual({ n1: '张三', p1: '13900000000', t1: '' });
});

test('no applicant rules: no call; a failed call leaves the form empty', async () => {
  const none = jest.fn();
  await new OrderDraft(fakeApi([], none), 'course', 'A1', '').load();
  expect(none).not.toHaveBeenCalled();
  const failing = jest.fn(async () => {
    throw new Error('offline');
  });
  const d = new OrderDraft(fakeApi([rule('n1', 'NAME', '姓名')], failing), 'course', 'A1', '');
  await d.load();
  expect(d.loadError).toBeNull();
  expect(d.values).toEqual({ n1: '' });
});
