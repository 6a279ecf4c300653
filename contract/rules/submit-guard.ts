/**
 * The course order submit guard of §5, in exactly its order. Returns what stops the submit: a toast text, a
 * silent refusal (no token) or null to go ahead.
 */
import { AREA_UNSUPPORTED, isAreaRestricted, type AreaIds, type RestrictedArea } from './areas';
import { firstApplicantError, type RuleLike } from './fields';

export const GUARD_MESSAGES = {
  addressRequired: '请输入配送地址信息!',
  areaUnsupported: AREA_UNSUPPORTED,
  householdRequired: '请选择入户类型!',
  agreementRequired: '请先同意购买协议!',
} as const;

export interface GuardInput {
  disabled: boolean;
  firstPayment: boolean;
  rules: readonly RuleLike[];
  values: Record<string, string>;
  needsDelivery: boolean;
  address: AreaIds | null;
  areaRestricted: boolean;
  invalidAreas: readonly RestrictedArea[];
  isHousehold: boolean;
  householdType: string | null;
  needsAgreement: boolean;
  agreed: boolean;
  orderToken: string;
}

export type GuardResult = { ok: true } | { ok: false; toast: string | null };

export function submitGuard(input: GuardInput): GuardResult {
  // A disabled order cannot be submitted; the bar already shows why.
  if (input.disabled) return { ok: false, toast: null };
  if (input.firstPayment) {
    const fieldError = firstApplicantError(input.rules, input.values);
    if (fieldError) return { ok: false, toast: fieldError };
    if (input.needsDelivery && !input.address) return { ok: false, toast: GUARD_MESSAGES.addressRequired };
    if (
      input.needsDelivery &&
      input.address &&
      input.areaRestricted &&
      isAreaRestricted(input.address, input.invalidAreas)
    ) {
      return { ok: false, toast: GUARD_MESSAGES.areaUnsupported };
    }
    if (input.isHousehold && !input.householdType) return { ok: false, toast: GUARD_MESSAGES.householdRequired };
    if (input.needsAgreement && !input.agreed) return { ok: false, toast: GUARD_MESSAGES.agreementRequired };
  }
  if (!input.orderToken) return { ok: false, toast: null };
  return { ok: true };
}
