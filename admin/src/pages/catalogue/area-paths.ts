/** The sale areas as the Cascader holds them (a path per pick: [province] or [province, city]) and as sent. */
import type { AreaRestriction, AreaRestrictionInput } from '@contract/ops-catalogue-extras';

/** The Cascader's value for the saved areas. */
export const pathsOf = (areas: AreaRestriction['areas']): string[][] =>
  areas.map((a) => (a.cityId ? [a.provinceId, a.cityId] : [a.provinceId]));

/** What the server takes: no areas when anyone may order, else one per picked path. */
export const areaBodyOf = (mode: AreaRestriction['mode'], paths: string[][] | undefined): AreaRestrictionInput => ({
  mode,
  areas: mode === 'NONE' ? [] : (paths ?? []).map(([provinceId, cityId]) => ({ provinceId, cityId: cityId ?? null })),
});
