/**
 * Builds the session store and the cross-page stores around one api object (DESIGN.md §8). The order and
 * collect-form drafts are made by the screens that use them (orderDraftsOf, formDraftsOf) from this root's api,
 * so their code is not part of the H5 first screen.
 */
import type { Api } from '../api';
import type { KeyValueStorage } from '../platform/storage';
import { PagePrefetch } from './page-prefetch';
import { PaymentStore, type PayDeps } from './payment';
import { SessionStore } from './session';

export class RootStore {
  readonly session: SessionStore;
  readonly payment: PaymentStore;
  /** The first home tab's page, started by the entrance. */
  readonly pagePrefetch: PagePrefetch;

  constructor(
    readonly api: Api,
    storage: KeyValueStorage,
    payDeps: PayDeps,
  ) {
    this.session = new SessionStore(api, storage);
    this.payment = new PaymentStore(api, storage, payDeps);
    this.pagePrefetch = new PagePrefetch(api, () => this.session.token);
  }
}
