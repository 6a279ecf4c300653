import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffRows, isFieldRecord } from '../src/pages/audit/diff-rows';

test('a creation lists every field as added', () => {
  const rows = diffRows(null, { username: 'kefu1', role: 'support', projectSns: ['demo'] });
  assert.deepEqual(
    rows.map((r) => [r.path, r.kind, r.after]),
    [
      ['username', 'added', 'kefu1'],
      ['role', 'added', 'support'],
      ['projectSns', 'added', '["demo"]'],
    ],
  );
});

test('an update puts changed fields first, nested paths dotted, unchanged last', () => {
  const rows = diffRows(
    { role: 'support', profile: { name: 'A' }, disabled: false },
    { role: 'finance', profile: { name: 'A' }, disabled: true },
  );
  assert.deepEqual(
    rows.map((r) => [r.path, r.kind]),
    [
      ['role', 'changed'],
      ['disabled', 'changed'],
      ['profile.name', 'same'],
    ],
  );
  assert.equal(rows[1].before, 'false');
  assert.equal(rows[1].after, 'true');
});

test('a removed field and a secret are shown as such', () => {
  const rows = diffRows({ note: 'x', passwordHash: 'abc' }, { passwordHash: 'def' });
  assert.deepEqual(
    rows.find((r) => r.path === 'note'),
    { path: 'note', before: 'x', after: undefined, kind: 'removed' },
  );
  const secret = rows.find((r) => r.path === 'passwordHash')!;
  assert.equal(secret.before, '（已隐藏）');
  assert.equal(secret.after, '（已隐藏）');
});

test('values that are not records are left to the JSON view', () => {
  assert.equal(isFieldRecord(null, { a: 1 }), true);
  assert.equal(isFieldRecord([1, 2], [1]), false);
  assert.equal(isFieldRecord('a', 'b'), false);
  assert.equal(isFieldRecord(null, null), false);
});

test('times read in China time', () => {
  const [row] = diffRows(null, { createdAt: '2026-11-27T20:40:43.133Z' });
  assert.equal(row.after, '2026-11-28 04:40:43');
});
