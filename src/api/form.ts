/** Collect forms (§7 Forms): the form, its commit and the phone check code. */
import type { FormCommitInfo, FormDetail } from '@contract/form';
import type { Request } from './request';

export interface FormCommitInput {
  formSn: string;
  values: Record<string, string>;
  phoneCode?: string;
  sourceType?: string;
  targetSn?: string;
}

export function createFormApi(request: Request) {
  return {
    detail: (formSn: string, query: { sourceType?: string; targetSn?: string } = {}) =>
      request<FormDetail>({
        url: `/front/v1/form/detail/${encodeURIComponent(formSn)}`,
        method: 'GET',
        data: { ...query },
      }),
    commit: (input: FormCommitInput) =>
      request<FormCommitInfo>({ url: '/front/v1/form/commit', data: { ...input }, loading: '提交中...' }),
    sendPhoneCode: (formSn: string, phone: string) =>
      request<{ resendAfter: number }>({ url: '/front/v1/form/send/phone_check_code', data: { formSn, phone } }),
  };
}
