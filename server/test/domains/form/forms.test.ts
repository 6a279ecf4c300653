/**
 * Collect forms and their operator routes: every field checked in §5's words on the server too, the SMS phone
 * check, one submission per customer (also under concurrent taps), CSV exports behind OPS_KEY.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FormDetail } from '@contract/form';
import { DEFAULT_OPS_KEY } from '../../../src/config';
import { ALL_FIELDS, demoFormSn, demoOnceFormSn } from '../../../src/db/seed/forms';
import { buildHarness, type Harness } from '../../helpers/app';

let h: Harness;
let token = '';
const dataDir = mkdtempSync(join(tmpdir(), 'sf-forms-'));
const ops = { authorization: `Bearer ${DEFAULT_OPS_KEY}` };

before(async () => {
  h = await buildHarness({ env: { DATA_DIR: dataDir } });
  ({ token } = await h.login('13922220001'));
});
after(async () => {
  await h.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Right values for the every-field form, by nKey. */
const GOOD: Record<string, string> = {
  fName1: '张三',
  fPhon1: '13800138000',
  fIdcd1: '11010519491231002X',
  fIdOt1: '',
  fNumb1: '28',
  fMail1: 'zhang@example.com',
  fAddr1: '北京市朝阳区建国路1号',
  fText1: '想咨询课程安排',
};

describe('form detail', () => {
  test('renders every keyName with its §5 placeholder, input type, textarea and limits', async () => {
    const res = await h.get<FormDetail>(
      `/front/v1/form/detail/${demoFormSn('demo')}`,
      { sourceType: 'BANNER', targetSn: 'x' },
      token,
    );
    assert.equal(res.status, 200, res.raw.body);
    const byKey = Object.fromEntries(res.body.info.fields.map((f) => [f.keyName, f]));
    assert.deepEqual(Object.keys(byKey).sort(), [
      'ADDRESS',
      'EMAIL',
      'IDCARD',
      'IDCARD_OUT',
      'NAME',
      'NUMBER',
      'PHONE',
      'TEXT',
    ]);
    assert.equal(byKey.NAME.placeholder, '请输入姓名');
    assert.equal(byKey.IDCARD.placeholder, '请输入身份证号');
    assert.equal(byKey.NUMBER.placeholder, '请输入数字');
    assert.equal(byKey.PHONE.placeholder, '请输入手机号码');
    assert.equal(byKey.EMAIL.placeholder, '请输入邮箱');
    assert.equal(byKey.ADDRESS.placeholder, '请输入地址信息');
    assert.equal(byKey.TEXT.placeholder, '请输入您想咨询的问题（选填）');
    assert.equal(byKey.PHONE.type, 'number');
    assert.equal(byKey.NUMBER.type, 'number');
    assert.equal(byKey.IDCARD.type, 'idcard');
    assert.equal(byKey.TEXT.type, 'textarea');
    assert.equal(byKey.NAME.type, 'text');
    assert.equal(byKey.IDCARD_OUT.maxLength, 50);
    assert.equal(byKey.PHONE.maxLength, 11);
    assert.equal(res.body.info.submitted, false);
  });

  test("another project's form and a missing one are not found", async () => {
    assert.equal((await h.get(`/front/v1/form/detail/${demoFormSn('course')}`, {}, token)).status, 404);
    const missing = await h.get('/front/v1/form/detail/nope', {}, token);
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, '表单不存在或已下线');
  });
});

describe('commit', () => {
  const commit = (values: Record<string, string>, as = token, extra: Record<string, unknown> = {}) =>
    h.post<{ submissionSn: string; successText: string }>(
      '/front/v1/form/commit',
      { formSn: demoFormSn('demo'), values, ...extra },
      as,
    );

  test("each bad field is named in §5's words with its nKey", async () => {
    const cases: Array<[string, string, string]> = [
      ['fName1', '', '请输入姓名'],
      ['fPhon1', '12800138000', '请输入正确的手机号码'],
      ['fIdcd1', '110105194912310021', '请输入正确的身份证号码'],
      ['fIdOt1', 'x'.repeat(51), '请输入正确的身份证号码'],
      ['fNumb1', '2a', '请输入正确的数字格式'],
      ['fMail1', 'zhang@', '请输入正确的邮箱格式'],
      ['fAddr1', '  ', '请输入地址信息'],
    ];
    for (const [nKey, value, message] of cases) {
      const res = await commit({ ...GOOD, [nKey]: value });
      assert.equal(res.status, 400, nKey);
      assert.equal(res.body.message, message, nKey);
      assert.deepEqual(res.body.info, { nKey }, nKey);
    }
    const unknown = await commit({ ...GOOD, zzzzzz: '1' });
    assert.equal(unknown.body.message, '表单字段不存在，请刷新后重试');
  });

  test('right values are stored, optional empty fields allowed; a visitor must log in first', async () => {
    const res = await commit(GOOD);
    assert.equal(res.status, 200, res.raw.body);
    assert.equal(res.body.info.successText, '提交成功，工作人员将在1个工作日内与您联系');
    const again = await commit({ ...GOOD, fText1: '' });
    assert.equal(again.status, 200, 'the every-field form takes more than one submission');
    const visitor = await h.enter('demo');
    const refused = await commit(GOOD, visitor);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, '请先登录后再提交');
  });

  test('a phone-checked, once-per-customer form: code needed, wrong code counted, one submission even when tapped twice at once', async () => {
    const formSn = demoOnceFormSn('demo');
    const user = await h.login('13922220002');
    const values = { sName1: '李四', sPhon1: '13922220099', sText1: '会计初级' };
    const noCode = await h.post('/front/v1/form/commit', { formSn, values }, user.token);
    assert.equal(noCode.body.message, '请输入短信验证码');
    const sent = await h.post('/front/v1/form/send/phone_check_code', { formSn, phone: values.sPhon1 }, user.token);
    assert.equal(sent.status, 200, sent.raw.body);
    const code = h.sms.lastCode(values.sPhon1);
    const wrong = await h.post(
      '/front/v1/form/commit',
      { formSn, values, phoneCode: code === '000000' ? '111111' : '000000' },
      user.token,
    );
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, '验证码错误');
    const [a, b] = await Promise.all([
      h.post('/front/v1/form/commit', { formSn, values, phoneCode: code }, user.token),
      h.post('/front/v1/form/commit', { formSn, values, phoneCode: code }, user.token),
    ]);
    assert.equal([a, b].filter((r) => r.status === 200).length, 1, `${a.raw.body} / ${b.raw.body}`);
    const detail = await h.get<FormDetail>(`/front/v1/form/detail/${formSn}`, {}, user.token);
    assert.equal(detail.body.info.submitted, true);
    await h
      .post('/front/v1/form/send/phone_check_code', { formSn, phone: values.sPhon1 }, user.token)
      .catch(() => undefined);
    const second = await h.post('/front/v1/form/commit', { formSn, values, phoneCode: '123456' }, user.token);
    assert.equal(second.status, 409);
    assert.equal(second.body.message, '您已提交过该表单，无需重复提交');
  });

  test('a code is only sent for a form that asks for a phone check', async () => {
    const res = await h.post(
      '/front/v1/form/send/phone_check_code',
      { formSn: demoFormSn('demo'), phone: '13800138000' },
      token,
    );
    assert.equal(res.status, 400);
    assert.equal(res.body.message, '该表单无需手机验证');
    const bad = await h.post(
      '/front/v1/form/send/phone_check_code',
      { formSn: demoOnceFormSn('demo'), phone: '123' },
      token,
    );
    assert.equal(bad.body.message, '请输入正确的手机号码');
  });
});

describe('operator forms', () => {
  test('need the bearer OPS_KEY', async () => {
    for (const url of ['/ops/forms?projectSn=demo', `/ops/forms/${demoFormSn('demo')}/submissions.csv`]) {
      const none = await h.inject({ method: 'GET', url });
      assert.equal(none.status, 401, url);
      const wrong = await h.inject({ method: 'GET', url, headers: { authorization: 'Bearer nope' } });
      assert.equal(wrong.status, 401, url);
    }
  });

  test('create a form, it renders for customers, submissions export as CSV with formula cells neutralised', async () => {
    const created = await h.inject({
      method: 'POST',
      url: '/ops/forms',
      headers: ops,
      payload: {
        projectSn: 'demo',
        title: '试听登记',
        fields: [
          { keyName: 'NAME', label: '姓名' },
          { keyName: 'TEXT', label: '备注', required: false, multiline: true },
        ],
      },
    });
    assert.equal(created.status, 200, String(created.raw.body));
    const formSn = (created.body.info as { formSn: string }).formSn;
    const detail = await h.get<FormDetail>(`/front/v1/form/detail/${formSn}`, {}, token);
    assert.equal(detail.body.info.fields.length, 2);
    const [name, note] = detail.body.info.fields;
    assert.match(name.nKey, /^[A-Za-z0-9_-]{6}$/);
    await h.post(
      '/front/v1/form/commit',
      { formSn, values: { [name.nKey]: '=HYPERLINK("x")', [note.nKey]: '多行\n备注' } },
      token,
    );
    const csv = await h.app.inject({ method: 'GET', url: `/ops/forms/${formSn}/submissions.csv`, headers: ops });
    assert.match(csv.body, /提交编号,提交时间,用户手机号,姓名,备注,来源类型,来源编号/);
    assert.match(csv.body, /"'=HYPERLINK\(""x""\)"/);
    assert.match(csv.body, /"多行\n备注"/);
    const list = await h.inject({ method: 'GET', url: '/ops/forms?projectSn=demo', headers: ops });
    const mine = (list.body.info as { list: Array<{ formSn: string; submissions: number }> }).list.find(
      (f) => f.formSn === formSn,
    );
    assert.equal(mine?.submissions, 1);
    const bad = await h.inject({
      method: 'POST',
      url: '/ops/forms',
      headers: ops,
      payload: { projectSn: 'demo', title: '', fields: [] },
    });
    assert.equal(bad.status, 400);
  });

  test('the demo form has every field type', () => {
    assert.deepEqual(new Set(ALL_FIELDS.map((f) => f.keyName)).size, 8);
  });
});
