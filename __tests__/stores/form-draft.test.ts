/** A collect form in progress: typed values survive a failed commit and leaving the page; errors in §5's words. */
import type { FormDetail } from '../../contract/form';
import type { Api } from '../../src/api';
import { ApiError } from '../../src/api/request';
import { FormDraftStore, formDraftsOf } from '../../src/stores/form-draft';

const FORM: FormDetail = {
  formSn: 'F1',
  title: '信息登记表',
  description: null,
  phoneCheck: false,
  oncePerCustomer: false,
  submitted: false,
  successText: '提交成功',
  fields: [
    {
      nKey: 'n1',
      keyName: 'NAME',
      label: '姓名',
      placeholder: '请输入姓名',
      type: 'text',
      required: true,
      multiline: false,
      idCardType: null,
      value: '',
      maxLength: 140,
    },
    {
      nKey: 'p1',
      keyName: 'PHONE',
      label: '手机号码',
      placeholder: '请输入手机号码',
      type: 'number',
      required: true,
      multiline: false,
      idCardType: null,
      value: '',
      maxLength: 11,
    },
    {
      nKey: 't1',
      keyName: 'TEXT',
      label: '留言',
      placeholder: '请输入内容',
      type: 'textarea',
      required: false,
      multiline: true,
      idCardType: null,
      value: '',
      maxLength: 500,
    },
  ],
};

function fakeApi(commit: jest.Mock, form: FormDetail = FORM) {
  return {
    form: {
      detail: jest.fn(async () => form),
      commit,
      sendPhoneCode: jest.fn(async () => ({ resendAfter: 60 })),
    },
  } as unknown as Api;
}

describe('FormDraft', () => {
  test("shows every field's error at once and does not call the server", async () => {
    const commit = jest.fn();
    const store = new FormDraftStore(fakeApi(commit));
    const draft = store.draftFor('F1');
    await draft.load({});
    draft.setValue('p1', '123');
    const out = await draft.commit({});
    expect(out).toEqual({ type: 'invalid', message: '请输入姓名' });
    expect(draft.errors).toEqual({ n1: '请输入姓名', p1: '请输入正确的手机号码' });
    expect(commit).not.toHaveBeenCalled();
  });

  test('an error goes as soon as the value is right; leaving a field checks it', async () => {
    const draft = new FormDraftStore(fakeApi(jest.fn())).draftFor('F1');
    await draft.load({});
    draft.check('p1');
    expect(draft.errors.p1).toBe('请输入正确的手机号码');
    draft.setValue('p1', '1380013800');
    expect(draft.errors.p1).toBe('请输入正确的手机号码');
    draft.setValue('p1', '13800138000');
    expect(draft.errors.p1).toBeUndefined();
  });

  test('a refused commit keeps what was typed and marks the field the server names; leaving and coming back finds it', async () => {
    const commit = jest.fn(async () => {
      throw new ApiError('请输入正确的手机号码', 'business', 4000, { nKey: 'p1' });
    });
    const store = new FormDraftStore(fakeApi(commit));
    const draft = store.draftFor('F1');
    await draft.load({});
    draft.setValue('n1', '张三');
    draft.setValue('p1', '13800138000');
    draft.setValue('t1', '想咨询');
    const out = await draft.commit({ sourceType: 'BANNER' });
    expect(out).toEqual({ type: 'failed', message: '请输入正确的手机号码' });
    expect(commit).toHaveBeenCalledWith({
      formSn: 'F1',
      values: { n1: '张三', p1: '13800138000', t1: '想咨询' },
      phoneCode: undefined,
      sourceType: 'BANNER',
    });
    expect(draft.errors.p1).toBe('请输入正确的手机号码');
    const again = store.draftFor('F1');
    expect(again).toBe(draft);
    await again.load({});
    expect(again.values).toEqual({ n1: '张三', p1: '13800138000', t1: '想咨询' });
  });

  test('after a successful commit the draft is gone and the success text is kept for the result page', async () => {
    const store = new FormDraftStore(
      fakeApi(jest.fn(async () => ({ submissionSn: 'S1', successText: '我们会联系您' }))),
    );
    const draft = store.draftFor('F1');
    await draft.load({});
    draft.setValue('n1', '张三');
    draft.setValue('p1', '13800138000');
    const out = await draft.commit({});
    expect(out).toEqual({ type: 'done', successText: '我们会联系您' });
    store.committed('F1', '我们会联系您');
    expect(store.draftFor('F1')).not.toBe(draft);
    expect(store.successText('F1')).toBe('我们会联系您');
    expect(store.successText('F2')).toBeNull();
  });

  test('a phone-checked form needs the code and sends it to the typed phone', async () => {
    const commit = jest.fn(async () => ({ submissionSn: 'S1', successText: 'ok' }));
    const api = fakeApi(commit, { ...FORM, phoneCheck: true });
    const draft = new FormDraftStore(api).draftFor('F1');
    await draft.load({});
    draft.setValue('n1', '张三');
    expect(await draft.sendCode()).toBe('请输入正确的手机号码');
    draft.setValue('p1', '13800138000');
    expect(await draft.commit({})).toEqual({ type: 'invalid', message: '请输入短信验证码' });
    expect(await draft.sendCode()).toBe('验证码已发送');
    expect(api.form.sendPhoneCode).toHaveBeenCalledWith('F1', '13800138000');
    expect(draft.codeWait).toBe(60);
    draft.setPhoneCode('12a3456789');
    expect(draft.phoneCode).toBe('123456');
    await draft.commit({});
    expect(commit).toHaveBeenCalledWith(expect.objectContaining({ phoneCode: '123456' }));
  });

  test('a load failure is told, and typing is not lost by a reload', async () => {
    const api = fakeApi(jest.fn());
    (api.form.detail as jest.Mock).mockRejectedValueOnce(new ApiError('表单不存在或已下线', 'business', 4040));
    const draft = new FormDraftStore(api).draftFor('F1');
    await draft.load({});
    expect(draft.loadError).toBe('表单不存在或已下线');
    await draft.load({});
    expect(draft.loadError).toBeNull();
    expect(draft.fields).toHaveLength(3);
  });
});

test("the app's form drafts are made on first use, one store per root: the result page reads what the form kept", () => {
  const root = { api: fakeApi(jest.fn()) };
  const form = formDraftsOf(root);
  form.draftFor('F1');
  form.committed('F1', '我们会联系您');
  expect(formDraftsOf(root)).toBe(form);
  expect(formDraftsOf(root).successText('F1')).toBe('我们会联系您');
  expect(formDraftsOf({ api: fakeApi(jest.fn()) }).successText('F1')).toBeNull();
});
