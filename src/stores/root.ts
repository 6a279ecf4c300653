/** Builds the session store and the cross-page stores around one api object (DESIGN.md §8). */
import type { Api } from '../api';
import type { KeyValueStorage } from '../platform/storage';
import { FormDraftStore } from './form-draft';
import { OrderDraftStore } from './order-draft';
import { PaymentStore, type PayDeps } from './payment';
import { SessionStore } from './session';

export class RootStore {
  readonly session: SessionStore;
  readonly orderDrafts: OrderDraftStore;
  /** Collect forms in progress by formSn (what was typed survives leaving the page). */
  readonly formDrafts: FormDraftStore;
  readonly payment: PaymentStore;

  constructor(
    readonly api: Api,
    storage: KeyValueStorage,
    payDeps: PayDeps,
  ) {
    this.session = new SessionStore(api, storage);
    this.orderDrafts = new OrderDraftStore(api);
    this.formDrafts = new FormDraftStore(api);
    this.payment = new PaymentStore(api, storage, payDeps);
  }
}
