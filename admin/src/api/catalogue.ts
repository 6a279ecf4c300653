/** 商品管理: catalogue items of a project (/ops/v1/catalogue/...): list, read, create, save, publish, delete. */
import type { CatalogueItem, CatalogueItemInput, CatalogueListRow } from '@contract/ops-catalogue';
import type { UploadCredentials } from '@contract/upload';
import { call } from './client';

export type { CatalogueItem, CatalogueItemInput, CatalogueListRow };

const at = (actSn: string) => `/ops/v1/catalogue/items/${encodeURIComponent(actSn)}`;

export const listItems = async (query: { projectSn: string; actType?: string; state?: string; keyword?: string }) =>
  (await call<{ list: CatalogueListRow[] }>('GET', '/ops/v1/catalogue/items', { query })).list;
export const getItem = (actSn: string) => call<CatalogueItem>('GET', at(actSn));
export const createItem = (projectSn: string, body: CatalogueItemInput) =>
  call<CatalogueItem>('POST', '/ops/v1/catalogue/items', { body: { ...body, projectSn } });
export const saveItem = (actSn: string, body: CatalogueItemInput) => call<CatalogueItem>('PATCH', at(actSn), { body });
export const publishItem = (actSn: string) => call<CatalogueItem>('POST', `${at(actSn)}/publish`);
export const unpublishItem = (actSn: string) => call<CatalogueItem>('POST', `${at(actSn)}/unpublish`);
export const deleteItem = (actSn: string) =>
  call<{ actSn: string; outcome: 'DELETED' | 'ARCHIVED' }>('DELETE', at(actSn));
export const uploadCredentials = (projectSn: string) =>
  call<UploadCredentials>('GET', '/ops/v1/catalogue/upload-credentials', { query: { projectSn } });
