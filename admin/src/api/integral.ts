/** 积分商品: points items of a project (/ops/v1/integral/items): list, create, save, end. */
import type { PointsItem, PointsItemFields } from '@contract/ops-integral';
import { call } from './client';

export type { PointsItem, PointsItemFields };

const at = (actSn: string) => `/ops/v1/integral/items/${encodeURIComponent(actSn)}`;

export const listPointsItems = async (projectSn: string) =>
  (await call<{ list: PointsItem[] }>('GET', '/ops/v1/integral/items', { query: { projectSn } })).list;
export const createPointsItem = (projectSn: string, actSn: string, body: PointsItemFields) =>
  call<PointsItem>('POST', '/ops/v1/integral/items', { body: { ...body, projectSn, actSn } });
export const savePointsItem = (actSn: string, body: PointsItemFields) => call<PointsItem>('PATCH', at(actSn), { body });
export const endPointsItem = (actSn: string) =>
  call<{ actSn: string; outcome: 'ENDED' | 'REVERTED' }>('POST', `${at(actSn)}/end`);
