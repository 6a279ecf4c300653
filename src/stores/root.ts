/** Builds the session store and the cross-page stores around one api object (DESIGN.md §8). */
import type { Api } from '../api';
import type { KeyValueStorage } from '../platform/storage';
import { OrderDraftStore } from './order-draft';
import { SessionStore } from './session';

export class RootStore {
  readonly session: SessionStore;
  readonly orderDrafts: OrderDraftStore;

  constructor(
    readonly api: Api,
    storage: KeyValueStorage,
  ) {
    this.session = new SessionStore(api, storage);
    this.orderDrafts = new OrderDraftStore(api);
  }
}
