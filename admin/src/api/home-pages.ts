/** 页面装修: a project's home tabs, pages, modules and traffic links (/ops/pages, /ops/modules, /ops/traffic-links). */
import type { z } from 'zod';
import type {
  OpsJumpOptions,
  OpsModule,
  OpsModuleBody,
  OpsPage,
  OpsTabBody,
  OpsTrafficLink,
  opsJumpSchema,
  opsModulesInfo,
  opsTabSchema,
} from '@contract/ops-pages';
import { call } from './client';

export type { OpsJumpOptions, OpsModule, OpsPage, OpsTrafficLink };
export type OpsTab = z.infer<typeof opsTabSchema>;
export type JumpInput = z.input<typeof opsJumpSchema>;

const enc = encodeURIComponent;

export const listTabs = async (projectSn: string) =>
  (await call<{ list: OpsTab[] }>('GET', '/ops/pages/tabs', { query: { projectSn } })).list;

export const updateTab = (tabIndex: number, body: OpsTabBody) =>
  call<OpsTab>('PATCH', `/ops/pages/tabs/${tabIndex}`, { body });

export const listPages = async (projectSn: string) =>
  (await call<{ list: OpsPage[] }>('GET', '/ops/pages', { query: { projectSn } })).list;

export const jumpOptions = (projectSn: string) =>
  call<OpsJumpOptions>('GET', '/ops/pages/jump-options', { query: { projectSn } });

export const createPage = (projectSn: string, title: string) =>
  call<OpsPage>('POST', '/ops/pages', { body: { projectSn, title } });

export const renamePage = (pageSn: string, title: string) =>
  call<OpsPage>('PATCH', `/ops/pages/${enc(pageSn)}`, { body: { title } });

export const deletePage = (pageSn: string) => call<{ deleted: string }>('DELETE', `/ops/pages/${enc(pageSn)}`);

export const listModules = (pageSn: string) =>
  call<z.infer<typeof opsModulesInfo>>('GET', `/ops/pages/${enc(pageSn)}/modules`);

export const createModule = (pageSn: string, body: OpsModuleBody) =>
  call<OpsModule>('POST', `/ops/pages/${enc(pageSn)}/modules`, { body });

export const updateModule = (moduleSn: string, body: OpsModuleBody) =>
  call<OpsModule>('PATCH', `/ops/modules/${enc(moduleSn)}`, { body });

export const deleteModule = (moduleSn: string) => call<{ deleted: string }>('DELETE', `/ops/modules/${enc(moduleSn)}`);

export const reorderModules = (pageSn: string, moduleSns: string[]) =>
  call<{ moduleSns: string[] }>('POST', `/ops/pages/${enc(pageSn)}/modules/order`, { body: { moduleSns } });

export const listTrafficLinks = async (projectSn: string) =>
  (await call<{ list: OpsTrafficLink[] }>('GET', '/ops/traffic-links', { query: { projectSn } })).list;

export const createTrafficLink = (body: { projectSn: string; linkId?: string; jumpContent: JumpInput }) =>
  call<OpsTrafficLink>('POST', '/ops/traffic-links', { body });

export const updateTrafficLink = (linkId: string, jumpContent: JumpInput) =>
  call<OpsTrafficLink>('PATCH', `/ops/traffic-links/${enc(linkId)}`, { body: { jumpContent } });
