/** What the earnings routes share: settings, the vault, and the two providers (built once in index.ts). */
import type { Config } from '../../config';
import type { EarningsConfig } from '../../services/earnings-config';
import type { Vault } from '../../services/earnings-vault';
import type { IdentityProvider } from '../../services/providers/identity';
import type { PayoutProvider } from '../../services/providers/payout';
import type { SmsProvider } from '../../services/sms';

export interface EarningsDeps {
  config: Config;
  earnings: EarningsConfig;
  vault: Vault;
  identityProvider: IdentityProvider;
  payout: PayoutProvider;
  sms: SmsProvider;
}
