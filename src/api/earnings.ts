/** Promoter earnings (§7 Earnings): balances and ledger, attributed orders, banks and cards, identity, withdrawals. */
import type { Paged } from '@contract/common';
import type {
  Bank,
  BankCard,
  CommissionOrder,
  CommissionState,
  IdentityInfo,
  ProfitInfo,
  WithdrawalDetail,
  WithdrawalRuleInfo,
  WithdrawalSummary,
} from '@contract/earnings';
import type { Request } from './request';

const P = '/front/v1/personal';

export function createEarningsApi(request: Request) {
  return {
    profit: (page = 1, perSize = 20) =>
      request<ProfitInfo>({ url: `${P}/profit`, method: 'GET', data: { page, perSize } }),
    orders: (state: 'ALL' | CommissionState, page: number, perSize: number) =>
      request<Paged<CommissionOrder>>({ url: `${P}/freezing/order`, method: 'GET', data: { state, page, perSize } }),
    banks: () => request<{ list: Bank[] }>({ url: `${P}/getAllBank`, method: 'GET' }),
    cards: () => request<{ list: BankCard[] }>({ url: `${P}/getBankCardList`, method: 'GET' }),
    sendPhoneCode: () =>
      request<{ phone: string; resendAfter: number }>({ url: `${P}/sendPhoneCode`, method: 'GET', loading: true }),
    saveCard: (body: { cardId?: string; bankCode: string; cardNo: string; code: string }) =>
      request<BankCard>({ url: `${P}/updateBankCard`, data: body, loading: '保存中...' }),
    identity: () => request<IdentityInfo>({ url: `${P}/getIdentify`, method: 'GET' }),
    identify: (body: { realName: string; idNumber: string }) =>
      request<IdentityInfo>({ url: `${P}/doIdentify`, data: body, loading: '认证中...' }),
    agreement: () =>
      request<{ agreementName: string; agreementContent: string }>({ url: `${P}/service/agreement`, method: 'GET' }),
    rule: () => request<WithdrawalRuleInfo>({ url: `${P}/withdrawal/rule`, method: 'GET' }),
    withdraw: (body: { amount: number; cardId?: string; requestId: string }) =>
      request<WithdrawalDetail>({ url: `${P}/withdrawal`, data: body, loading: '提交中...' }),
    records: (page: number, perSize: number) =>
      request<Paged<WithdrawalSummary>>({ url: `${P}/withdrawal/record`, method: 'GET', data: { page, perSize } }),
    detail: (withdrawalNo: string) =>
      request<WithdrawalDetail>({ url: `${P}/withdrawal/detail`, method: 'GET', data: { withdrawalNo } }),
  };
}
