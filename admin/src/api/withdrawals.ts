/** 提现审核: a project's promoters' withdrawals, approving (pays out) and refusing one (/ops/earnings/withdrawals). */
import type { z } from 'zod';
import type { OpsWithdrawal, opsWithdrawalList, WithdrawalState } from '@contract/earnings';
import { call } from './client';

export type { OpsWithdrawal };

const path = (withdrawalNo: string) => `/ops/earnings/withdrawals/${encodeURIComponent(withdrawalNo)}`;

export const listWithdrawals = async (projectSn: string, status?: WithdrawalState) =>
  (await call<z.infer<typeof opsWithdrawalList>>('GET', '/ops/earnings/withdrawals', { query: { projectSn, status } }))
    .list;

export const approveWithdrawal = (withdrawalNo: string) => call<OpsWithdrawal>('POST', `${path(withdrawalNo)}/approve`);

export const rejectWithdrawal = (withdrawalNo: string, reason: string) =>
  call<OpsWithdrawal>('POST', `${path(withdrawalNo)}/reject`, { body: { reason } });
