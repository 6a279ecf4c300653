/** 栏目 of 页面装修: a project's columns and the items each shows, in order (/ops/columns). */
import type { OpsColumn, OpsColumnDetail, OpsColumnItem } from '@contract/ops-columns';
import { call } from './client';

export type { OpsColumn, OpsColumnDetail, OpsColumnItem };

const enc = encodeURIComponent;

export const listColumns = async (projectSn: string) =>
  (await call<{ list: OpsColumn[] }>('GET', '/ops/columns', { query: { projectSn } })).list;

export const columnItemOptions = async (projectSn: string) =>
  (await call<{ list: OpsColumnItem[] }>('GET', '/ops/columns/item-options', { query: { projectSn } })).list;

export const readColumn = (columnSn: string) => call<OpsColumnDetail>('GET', `/ops/columns/${enc(columnSn)}`);

export const createColumn = (projectSn: string, title: string) =>
  call<OpsColumnDetail>('POST', '/ops/columns', { body: { projectSn, title } });

export const renameColumn = (columnSn: string, title: string) =>
  call<OpsColumnDetail>('PATCH', `/ops/columns/${enc(columnSn)}`, { body: { title } });

export const setColumnItems = (columnSn: string, actSns: string[]) =>
  call<OpsColumnDetail>('PUT', `/ops/columns/${enc(columnSn)}/items`, { body: { actSns } });

export const deleteColumn = (columnSn: string) => call<{ deleted: string }>('DELETE', `/ops/columns/${enc(columnSn)}`);
