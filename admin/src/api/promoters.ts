/** 推广员: a project's promoters, adding one by phone, and its items' commission rules (/ops/earnings/...). */
import type { z } from 'zod';
import type {
  OpsCommissionItem,
  OpsCommissionRule,
  opsCommissionItemList,
  opsPromoterInfo,
  opsPromoterList,
  OpsPromoterRow,
} from '@contract/earnings';
import { call } from './client';

export type { OpsCommissionItem, OpsCommissionRule, OpsPromoterRow };

export const listPromoters = async (projectSn: string) =>
  (await call<z.infer<typeof opsPromoterList>>('GET', '/ops/earnings/promoters', { query: { projectSn } })).list;

export const addPromoter = (projectSn: string, phone: string) =>
  call<z.infer<typeof opsPromoterInfo>>('POST', '/ops/earnings/promoters', { body: { projectSn, phone } });

export const listCommissionItems = async (projectSn: string) =>
  (
    await call<z.infer<typeof opsCommissionItemList>>('GET', '/ops/earnings/commission-rules', {
      query: { projectSn },
    })
  ).list;

export const setCommissionRule = (rule: OpsCommissionRule) =>
  call<OpsCommissionRule>('POST', '/ops/earnings/commission-rules', { body: rule });
