/** 表单: a project's collect forms, a form's submissions and their CSV export (/ops/forms). */
import type { z } from 'zod';
import type { opsFormList, opsSubmissionList } from '@contract/form';
import { call } from './client';
import { downloadCsv } from './csv-download';

export type OpsForm = z.infer<typeof opsFormList>['list'][number];
export type OpsSubmission = z.infer<typeof opsSubmissionList>['list'][number];

const path = (formSn: string) => `/ops/forms/${encodeURIComponent(formSn)}/submissions`;

export const listForms = async (projectSn: string) =>
  (await call<z.infer<typeof opsFormList>>('GET', '/ops/forms', { query: { projectSn } })).list;

export const listSubmissions = async (formSn: string) =>
  (await call<z.infer<typeof opsSubmissionList>>('GET', path(formSn))).list;

export const downloadSubmissions = (token: string, formSn: string) =>
  downloadCsv(token, `${path(formSn)}.csv`, {}, `form-${formSn}.csv`);
