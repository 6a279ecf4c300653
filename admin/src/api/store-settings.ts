/** 项目设置: a project's theme, service line and agreement texts (/ops/v1/projects/:projectSn/...). */
import type { AgreementBody, StoreAgreement, StoreSettings, StoreSettingsBody } from '@contract/ops-store-settings';
import { call } from './client';

export type { AgreementBody, StoreAgreement, StoreSettings, StoreSettingsBody };

const at = (projectSn: string) => `/ops/v1/projects/${encodeURIComponent(projectSn)}`;

export const getStoreSettings = (projectSn: string) => call<StoreSettings>('GET', `${at(projectSn)}/store-settings`);
export const saveStoreSettings = (projectSn: string, body: StoreSettingsBody) =>
  call<StoreSettings>('PUT', `${at(projectSn)}/store-settings`, { body });
export const saveAgreement = (projectSn: string, agreementSn: string, body: AgreementBody) =>
  call<StoreAgreement>('PUT', `${at(projectSn)}/agreements/${encodeURIComponent(agreementSn)}`, { body });
