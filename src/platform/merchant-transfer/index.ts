/** Hosts without WeChat (Baidu): a WeChat transfer is accepted in WeChat, so the earner is told where. */
import type { WithdrawalConfirm } from '@contract/earnings';
import { confirmElsewhere, type TransferConfirmOutcome } from './types';

export * from './types';

export async function confirmTransfer(c: WithdrawalConfirm): Promise<TransferConfirmOutcome> {
  return { ok: false, message: confirmElsewhere(c) };
}
