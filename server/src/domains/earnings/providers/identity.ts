/**
 * Real-name verification providers (DESIGN.md §4 providers), chosen by IDENTITY_PROVIDER: the live one is
 * Tencent Cloud faceid (identity-tencent.ts, 公安二要素 through a licensed verifier). The sandbox, the default,
 * checks what can be checked offline (the GB 11643 check digit and birth date, the name's shape) and answers a
 * deterministic mismatch for the demo: any name containing 不符 (e.g. 李不符) is "not the holder of this ID number".
 */
import { createHash } from 'node:crypto';
import { isMainlandId } from '@contract/rules/fields';
import { realNameError } from '@contract/rules/identity';
import type { FastifyBaseLogger } from 'fastify';
import type { IdentityProviderName, TencentFaceidSettings } from './identity-config';
import { createTencentIdentityProvider } from './identity-tencent';

export type IdentityResult = { ok: true; ref: string } | { ok: false; reason: string };

export interface IdentityProvider {
  readonly name: 'sandbox' | 'tencent-faceid';
  /** A mismatch is a result; a verifier that cannot answer throws an AppError with the customer's message. */
  verify(input: { realName: string; idNumber: string }): Promise<IdentityResult>;
}

export const SANDBOX_MISMATCH_MARK = '不符';
export const IDENTITY_MISMATCH = '姓名与身份证号不一致，请核对后重新认证';

export function createSandboxIdentityProvider(): IdentityProvider {
  return {
    name: 'sandbox',
    async verify({ realName, idNumber }) {
      if (!isMainlandId(idNumber) || realNameError(realName)) return { ok: false, reason: IDENTITY_MISMATCH };
      if (realName.includes(SANDBOX_MISMATCH_MARK)) return { ok: false, reason: IDENTITY_MISMATCH };
      // A reference like a real verifier's order number; it carries nothing of the ID number.
      return {
        ok: true,
        ref: `SBXID${createHash('sha256').update(`${realName}:${idNumber}:${Date.now()}`).digest('hex').slice(0, 16).toUpperCase()}`,
      };
    },
  };
}

/** The provider IDENTITY_PROVIDER names (the earnings settings have checked its keys). */
export function createIdentityProvider(
  settings: { identityProvider: IdentityProviderName; tencentFaceid?: TencentFaceidSettings },
  log: FastifyBaseLogger,
): IdentityProvider {
  if (settings.identityProvider === 'sandbox') return createSandboxIdentityProvider();
  if (!settings.tencentFaceid) throw new Error('IDENTITY_PROVIDER=tencent without its keys');
  return createTencentIdentityProvider(settings.tencentFaceid, log);
}
