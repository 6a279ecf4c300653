/**
 * A project's store settings as the console edits them (/ops/v1/projects/:projectSn/store-settings and
 * .../agreements/:agreementSn): the owner changes the theme, the service line and an agreement, and the storefront's
 * own calls show them at once; each change is audited with before and after; bad phones and markup in an agreement
 * are refused with Chinese messages; operators read but do not change, support does not read, and an operator of
 * another project is refused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { and, eq } from 'drizzle-orm';
import { OPS_AUTH_MESSAGES } from '@contract/operators';
import { STORE_SETTINGS_MESSAGES as M, type StoreSettings } from '@contract/ops-store-settings';
import { PLAIN_TEXT_MESSAGES } from '@contract/rules/plain-text';
import type { ServiceInfo } from '@contract/user-extras';
import { auditLog } from '../../../src/domains/operators/schema';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession } from '../operators/ops-client';

let h: Harness;
/** Project course: its adult-exam courses name the demo purchase agreement. */
const A = 'course';
const B = 'demo';
let owner: string;
const settingsUrl = (sn: string) => `/ops/v1/projects/${sn}/store-settings`;
const goodSettings = {
  projectEnum: 'BENEFIT_PEOPLE_APPLE',
  servicePhone: '400 123 4567',
  serviceHours: '每天 8:00-20:00',
};

before(async () => {
  h = await buildHarness();
  owner = (await operatorSession(h, 'owner', [])).token;
});
after(async () => {
  await h.close();
});

async function read(sn: string, token = owner): Promise<StoreSettings> {
  const res = await opsCall(h, 'GET', settingsUrl(sn), token);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info as StoreSettings;
}

describe('store settings', () => {
  test('the project lists its purchase agreement and the platform two, all editable by the owner', async () => {
    const s = await read(A);
    assert.equal(s.projectSn, A);
    assert.equal(s.servicePhoneText, '400-800-8000');
    const kinds = s.agreements.map((a) => `${a.kind}:${a.agreementSn}`);
    assert.deepEqual(kinds, ['PURCHASE:demo-purchase-agreement', 'USER:user-agreement', 'PRIVACY:privacy-policy']);
    assert.ok(s.agreements.every((a) => a.editable));
    assert.ok(s.agreements[1].projectSns.includes(B), 'the platform agreements are every project’s');
  });

  test('the owner changes theme and service line; the storefront shows the line at once; audited', async () => {
    const res = await opsCall(h, 'PUT', settingsUrl(A), owner, { ...goodSettings, projectEnum: 'INTEGRAL_APPLE' });
    assert.equal(res.status, 200, res.raw.body);
    const saved = res.body.info as StoreSettings;
    assert.equal(saved.servicePhone, '4001234567');
    assert.equal(saved.servicePhoneText, '400-123-4567');
    assert.equal(saved.projectEnum, 'INTEGRAL_APPLE');

    const token = await h.enter(A);
    const info = await h.get<ServiceInfo>('/front/v1/service/info', {}, token);
    assert.equal(info.body.info.phoneText, '400-123-4567');
    assert.equal(info.body.info.hours, '每天 8:00-20:00');
    // The entrance reads the project enum from the read models the change dropped.
    const entered = await h.post<{ projectEnum: string }>('/front/v1/entrance', { projectSn: A });
    assert.equal(entered.status, 200, entered.raw.body);
    assert.equal(entered.body.info.projectEnum, 'INTEGRAL_APPLE');

    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'project.store-settings.update'), eq(auditLog.projectSn, A)));
    assert.equal((entry.before as { servicePhone: string }).servicePhone, '4008008000');
    assert.equal((entry.after as { servicePhone: string }).servicePhone, '4001234567');

    // Back to the course theme for the tests that follow.
    assert.equal((await opsCall(h, 'PUT', settingsUrl(A), owner, goodSettings)).status, 200);
  });

  test('phone formats: mobile, landline with area code; anything else refused in Chinese', async () => {
    for (const [typed, stored] of [
      ['138 0013 8000', '13800138000'],
      ['010-12345678', '010-12345678'],
      ['0755 87654321', '075587654321'],
    ]) {
      const res = await opsCall(h, 'PUT', settingsUrl(A), owner, { ...goodSettings, servicePhone: typed });
      assert.equal(res.status, 200, res.raw.body);
      assert.equal((res.body.info as StoreSettings).servicePhone, stored);
    }
    for (const bad of ['12345', '1380013800', '400-800', 'abc', '']) {
      const res = await opsCall(h, 'PUT', settingsUrl(A), owner, { ...goodSettings, servicePhone: bad });
      assert.equal(res.status, 400, `${bad}: ${res.raw.body}`);
      assert.match(res.body.message, bad ? /客服电话格式不正确/ : /请填写客服电话/);
    }
    const longHours = await opsCall(h, 'PUT', settingsUrl(A), owner, {
      ...goodSettings,
      serviceHours: '时'.repeat(41),
    });
    assert.equal(longHours.status, 400);
    assert.match(longHours.body.message, /服务时间不能超过40个字/);
    const badTheme = await opsCall(h, 'PUT', settingsUrl(A), owner, { ...goodSettings, projectEnum: 'PINK' });
    assert.equal(badTheme.status, 400);
    assert.equal((await opsCall(h, 'PUT', settingsUrl('NO-SUCH'), owner, goodSettings)).status, 404);
  });

  test('an agreement text: saved, shown by the storefront, audited; markup refused', async () => {
    const url = `/ops/v1/projects/${A}/agreements/demo-purchase-agreement`;
    const body = { agreementName: '课程购买协议（2026版）', agreementContent: '第一条 新条款。\n第二条 退款规则。' };
    const res = await opsCall(h, 'PUT', url, owner, body);
    assert.equal(res.status, 200, res.raw.body);

    const { token } = await h.login('13800138123', A);
    const shown = await h.get<{ agreementName: string; agreementContent: string }>(
      '/front/v1/client/order/contract/details',
      { agreementSn: 'demo-purchase-agreement' },
      token,
    );
    assert.equal(shown.status, 200, shown.raw.body);
    assert.equal(shown.body.info.agreementName, body.agreementName);
    assert.equal(shown.body.info.agreementContent, body.agreementContent);

    const [entry] = await h.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'agreement:demo-purchase-agreement'));
    assert.equal((entry.after as { agreementName: string }).agreementName, body.agreementName);
    assert.equal((entry.before as { agreementName: string }).agreementName, '课程购买协议');

    const markup = await opsCall(h, 'PUT', url, owner, { ...body, agreementContent: '<p>条款</p><script>x</script>' });
    assert.equal(markup.status, 400);
    assert.equal(markup.body.message, PLAIN_TEXT_MESSAGES.markup);
    const empty = await opsCall(h, 'PUT', url, owner, { ...body, agreementContent: '   ' });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.message, M.agreementContentMissing);
    // An agreement the project does not show is not its to change.
    const other = await opsCall(h, 'PUT', `/ops/v1/projects/${A}/agreements/no-such-agreement`, owner, body);
    assert.equal(other.status, 404);
    assert.equal(other.body.message, M.agreementNotFound);
  });
});

describe('store settings access', () => {
  test('an operator reads but cannot change; support cannot read', async () => {
    const operator = (await operatorSession(h, 'operator', [A])).token;
    const s = await read(A, operator);
    // Scoped to one project, the platform agreements (every project's) are not the operator's to change.
    assert.equal(s.agreements.find((a) => a.kind === 'USER')?.editable, false);
    const put = await opsCall(h, 'PUT', settingsUrl(A), operator, goodSettings);
    assert.equal(put.status, 403);
    assert.equal(put.body.message, OPS_AUTH_MESSAGES.forbiddenRole);
    const support = (await operatorSession(h, 'support', [A])).token;
    const denied = await opsCall(h, 'GET', settingsUrl(A), support);
    assert.equal(denied.status, 403);
    assert.equal(denied.body.message, OPS_AUTH_MESSAGES.forbiddenRole);
  });

  test("another project's operator and finance are refused", async () => {
    for (const role of ['operator', 'finance'] as const) {
      const ofB = (await operatorSession(h, role, [B])).token;
      const res = await opsCall(h, 'GET', settingsUrl(A), ofB);
      assert.equal(res.status, 403, `${role}: ${res.raw.body}`);
      assert.equal(res.body.message, OPS_AUTH_MESSAGES.forbiddenProject);
      const agreement = await opsCall(h, 'PUT', `/ops/v1/projects/${A}/agreements/user-agreement`, ofB, {
        agreementName: '越权',
        agreementContent: '越权',
      });
      assert.equal(agreement.status, 403);
    }
  });

  test('malformed bodies are 400, never 5xx', async () => {
    for (const body of [null, [], { servicePhone: 13800138000 }, { ...goodSettings, serviceHours: { a: 1 } }]) {
      const res = await opsCall(h, 'PUT', settingsUrl(A), owner, body);
      assert.ok(res.status >= 400 && res.status < 500, `${JSON.stringify(body)} -> ${res.status}`);
    }
  });
});
