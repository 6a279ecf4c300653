/** Builds the session store and the cross-page stores around one api object (DESIGN.md §8). */
import type { Api } from '../api';
import type { KeyValueStorage } from '../platform/storage';
import { OrderDraftStore } from './order-draft';
import { PaymentStore, type PayDeps } from './payment';
import { SessionStore } from './session';

export class RootStore {
  readonly session: SessionStore;
  readonly orderDrafts: OrderDraftStore;
  readonly payment: PaymentStore;

  constructor(
    readonly api: Api,
    storage: KeyValueStorage,
    payDeps: PayDeps,
  ) {
    this.session = new SessionStore(api, storage);
    this.orderDrafts = new OrderDraftStore(api);
    this.payment = new PaymentStore(api, storage, payDeps);
  }
}
