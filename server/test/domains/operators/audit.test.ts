/**
 * The audit log: operator changes and the /ops writes of other features are recorded with who, when, what, before
 * and after; finance reads only its projects' entries; roles without the audit area are refused.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { OPS_AUTH_MESSAGES as M, type AuditEntry, type Operator } from '@contract/operators';
import { buildHarness, type Harness } from '../../helpers/app';
import { opsCall, operatorSession } from './ops-client';

let h: Harness;

before(async () => {
  h = await buildHarness();
});
after(async () => {
  await h.close();
});

async function entries(token: string, query: string): Promise<{ list: AuditEntry[]; total: number }> {
  const res = await opsCall(h, 'GET', `/ops/v1/audit?${query}`, token);
  assert.equal(res.status, 200, res.raw.body);
  return res.body.info as { list: AuditEntry[]; total: number };
}

describe('audit log', () => {
  test('creating and changing an operator is recorded with before and after, never the password', async () => {
    const owner = await operatorSession(h, 'owner', []);
    const made = await opsCall(h, 'POST', '/ops/v1/operators', owner.token, {
      username: 'audit-subject',
      displayName: '审计对象',
      role: 'support',
      password: 'a-long-test-password',
      projectSns: ['demo'],
    });
    assert.equal(made.status, 200, made.raw.body);
    const id = (made.body.info as Operator).id;
    const changed = await opsCall(h, 'PATCH', `/ops/v1/operators/${id}`, owner.token, {
      role: 'operator',
      projectSns: ['demo', 'course'],
      password: 'another-long-password',
    });
    assert.equal(changed.status, 200, changed.raw.body);

    const { list } = await entries(owner.token, `operatorId=${owner.id}`);
    const create = list.find((e) => e.action === 'operator.create' && e.target === `operator:${id}`);
    const update = list.find((e) => e.action === 'operator.update' && e.target === `operator:${id}`);
    assert.ok(create && update);
    assert.equal(create.actor, owner.username);
    assert.equal(create.before, null);
    assert.equal((create.after as Operator).role, 'support');
    assert.equal((update.before as Operator).role, 'support');
    assert.deepEqual((update.before as Operator).projectSns, ['demo']);
    assert.equal((update.after as Operator).role, 'operator');
    assert.deepEqual((update.after as Operator).projectSns, ['course', 'demo']);
    assert.equal((update.after as { passwordChanged?: boolean }).passwordChanged, true);
    assert.ok(!JSON.stringify(list).includes('another-long-password'));
    assert.ok(!JSON.stringify(list).includes('argon2'));
    assert.ok(Date.now() - Date.parse(update.at) < 60_000);
  });

  test("a feature's /ops write is recorded with the operator, project and record", async () => {
    const op = await operatorSession(h, 'operator', ['demo']);
    const res = await opsCall(h, 'POST', '/ops/coupon/templates', op.token, {
      projectSn: 'demo',
      couponName: '审计券',
      couponType: 1,
      couponAmount: 500,
      validityType: 1,
      validityDays: 7,
    });
    assert.equal(res.status, 200, res.raw.body);
    const couponSn = (res.body.info as { couponSn: string }).couponSn;
    const owner = await operatorSession(h, 'owner', []);
    const { list } = await entries(owner.token, 'action=coupon.template.create&projectSn=demo');
    const entry = list.find((e) => e.target === `coupon-template:${couponSn}`);
    assert.ok(entry);
    assert.equal(entry.actor, op.username);
    assert.equal(entry.operatorId, op.id);
    assert.equal(entry.projectSn, 'demo');
    assert.equal((entry.after as { couponName: string }).couponName, '审计券');
  });

  test("finance reads only its projects' entries; operator and support are refused the log", async () => {
    const finance = await operatorSession(h, 'finance', ['course']);
    const seen = await entries(finance.token, 'size=100');
    assert.ok(seen.list.every((e) => e.projectSn === 'course'));
    const other = await opsCall(h, 'GET', '/ops/v1/audit?projectSn=demo', finance.token);
    assert.equal(other.status, 403);
    assert.equal(other.body.message, M.forbiddenProject);
    for (const role of ['operator', 'support'] as const) {
      const { token } = await operatorSession(h, role, ['demo']);
      const res = await opsCall(h, 'GET', '/ops/v1/audit', token);
      assert.equal(res.status, 403);
      assert.equal(res.body.message, M.forbiddenRole);
    }
  });

  test('pages and filters: newest first, size and total', async () => {
    const owner = await operatorSession(h, 'owner', []);
    const all = await entries(owner.token, 'size=2&page=1');
    assert.ok(all.total >= 3);
    assert.equal(all.list.length, 2);
    assert.ok(Date.parse(all.list[0].at) >= Date.parse(all.list[1].at));
    const bad = await opsCall(h, 'GET', '/ops/v1/audit?size=1000', owner.token);
    assert.equal(bad.status, 400);
  });
});
