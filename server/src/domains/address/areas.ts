/**
 * China's province / city / county codes from @vant/area-data (a maintained package, DESIGN.md §6). Static
 * reference data, so it lives in memory; nothing about it is state. The tables are Maps, never plain objects
 * indexed by a request's text: `provinces['constructor']` would find Object.prototype's function.
 */
import { areaList } from '@vant/area-data';

export interface AreaNode {
  id: string;
  name: string;
  hasChildren: boolean;
}

const table = (record: Record<string, string>) => new Map(Object.entries(record));
const provinces = table(areaList.province_list as Record<string, string>);
const cities = table(areaList.city_list as Record<string, string>);
const counties = table(areaList.county_list as Record<string, string>);

const citiesOf = (provinceId: string) => [...cities.keys()].filter((c) => c.slice(0, 2) === provinceId.slice(0, 2));
const countiesOf = (cityId: string) => [...counties.keys()].filter((c) => c.slice(0, 4) === cityId.slice(0, 4));

/** Children of an area: provinces for '0' or '', then a province's cities, then a city's counties. */
export function areaChildren(parentId: string): AreaNode[] {
  if (!parentId || parentId === '0') {
    return [...provinces].map(([id, name]) => ({ id, name, hasChildren: citiesOf(id).length > 0 }));
  }
  if (provinces.has(parentId))
    return citiesOf(parentId).map((id) => ({ id, name: cities.get(id)!, hasChildren: countiesOf(id).length > 0 }));
  if (cities.has(parentId))
    return countiesOf(parentId).map((id) => ({ id, name: counties.get(id)!, hasChildren: false }));
  return [];
}

/** "广东省 深圳市 南山区" when the three ids exist and belong together, else null. */
export function fullAreaName(provinceId: string, cityId: string, areaId: string): string | null {
  const p = provinces.get(provinceId);
  const c = cities.get(cityId);
  const a = counties.get(areaId);
  if (!p || !c || !a) return null;
  if (cityId.slice(0, 2) !== provinceId.slice(0, 2) || areaId.slice(0, 4) !== cityId.slice(0, 4)) return null;
  return [p, c, a].filter((n, i, all) => all.indexOf(n) === i).join(' ');
}
