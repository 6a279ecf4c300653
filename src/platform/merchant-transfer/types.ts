import type { WithdrawalConfirm } from '@contract/earnings';

/** ok: WeChat's confirm page finished (the server learns the result from WeChat); otherwise why not, in Chinese. */
export type TransferConfirmOutcome = { ok: true } | { ok: false; message: string };

/** Where the earner can accept a WeChat transfer, when this host cannot open it. */
export const confirmElsewhere = (c: WithdrawalConfirm) =>
  c.where === 'WEAPP'
    ? '请在微信小程序中打开本店，进入提现详情确认收款'
    : '请在微信中打开本店网页，进入提现详情确认收款';
