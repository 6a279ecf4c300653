/**
 * Contract e-signature behind one interface (DESIGN.md §4 providers): `sandbox` (default) signs on the server's own
 * e-sign page (esign-routes.ts); `esign` runs the flow at e签宝 (esign-tsign.ts). A contract row keeps the name of the
 * provider that opened it, and only that provider settles it.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config';
import { createTsignProvider } from './esign-tsign';

export type EsignProviderName = 'sandbox' | 'esign';
/** SIGNING: still open; SIGNED: done; ENDED: the provider ended it unsigned (revoked, expired, refused). */
export type FlowState = 'SIGNING' | 'SIGNED' | 'ENDED';

export interface Signer {
  /** The real name the order's applicant gave, when it gave one. */
  name: string | null;
  phone: string | null;
}

export interface EsignStart {
  contractName: string;
  agreementText: string;
  orderNo: string;
  signer: Signer;
  /** Absolute, where the provider's page sends the customer when done (null: it stays there). */
  redirectUrl: string | null;
}

export interface EsignProvider {
  readonly name: EsignProviderName;
  /** Creates the flow at the provider and answers its id (the contract row's flowId). */
  startFlow(input: EsignStart): Promise<string>;
  /** Where the customer signs this flow. */
  signUrl(
    flowId: string,
    input: { signer: Signer; redirectUrl: string | null; publicBaseUrl?: string },
  ): Promise<string>;
  /** The flow's state at the provider; null when there is nothing to ask (the sandbox settles through its page). */
  queryState(flowId: string): Promise<FlowState | null>;
  /** Where to read the signed contract. */
  contractUrl(flowId: string, publicBaseUrl?: string): Promise<string>;
}

const withBase = (base: string | undefined, path: string) => `${base ?? ''}${path}`;

export function createSandboxEsign(): EsignProvider {
  return {
    name: 'sandbox',
    // flowIds are random: the sandbox pages need no session, as a provider's would not.
    async startFlow() {
      return `F${Date.now()}${randomBytes(8).toString('hex')}`;
    },
    async signUrl(flowId, { redirectUrl, publicBaseUrl }) {
      const query = redirectUrl ? `?redirect=${encodeURIComponent(redirectUrl)}` : '';
      return withBase(publicBaseUrl, `/sandbox/esign/${flowId}${query}`);
    },
    async queryState() {
      return null;
    },
    async contractUrl(flowId, publicBaseUrl) {
      return withBase(publicBaseUrl, `/sandbox/contract/${flowId}`);
    },
  };
}

/** The active provider, and the sandbox (which still shows the contracts signed on its page). */
export interface EsignProviders {
  active: EsignProvider;
  byName(name: string): EsignProvider | null;
}

export function createEsignProviders(config: Config): EsignProviders {
  const sandbox = createSandboxEsign();
  const live = config.esign.tsign ? createTsignProvider(config.esign.tsign) : null;
  const active = config.esign.provider === 'esign' && live ? live : sandbox;
  return { active, byName: (name) => (name === 'sandbox' ? sandbox : name === 'esign' ? live : null) };
}
