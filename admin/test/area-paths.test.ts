import assert from 'node:assert/strict';
import { test } from 'node:test';
import { areaRestrictionBody } from '@contract/ops-catalogue-extras';
import { areaBodyOf, pathsOf } from '../src/pages/catalogue/area-paths';

test('picked paths become the body the contract takes, and saved areas the paths again', () => {
  const paths = [['440000'], ['110000', '110100']];
  const body = areaBodyOf('ONLY', paths);
  assert.deepEqual(body.areas, [
    { provinceId: '440000', cityId: null },
    { provinceId: '110000', cityId: '110100' },
  ]);
  assert.equal(areaRestrictionBody.safeParse(body).success, true);
  const saved = body.areas!.map((a) => ({ ...a, cityId: a.cityId ?? null, name: '' }));
  assert.deepEqual(pathsOf(saved), paths);
});

test('anyone may order: the picks are dropped; only or except with none is named in Chinese', () => {
  assert.deepEqual(areaBodyOf('NONE', [['440000']]).areas, []);
  const none = areaRestrictionBody.safeParse(areaBodyOf('ONLY', undefined));
  assert.equal(none.success, false);
  assert.equal(none.error?.issues[0]?.message, '请至少选择一个地区');
});
