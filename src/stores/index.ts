/**
 * The running app's stores, wired to the real transport, storage and navigation. Tests build their own
 * RootStore with fakes instead of importing this file.
 */
import { createContext, useContext } from 'react';
import { createApi } from '../api';
import { createNotificationApi } from '../api/notification';
import { createRequest } from '../api/request';
import { taroTransport } from '../api/transport';
import { configureNavigation, currentPageUrl, relaunchToEntrance } from '../platform/navigation';
import { pay } from '../platform/payment';
import { payContext } from '../platform/pay-context';
import { setServerTimeDiff, storage } from '../platform/storage';
import { subscribeHost } from '../platform/subscribe';
import { isOnline, loading } from '../platform/ui';
import { RootStore } from './root';
import { SubscribeAsker } from './subscribe';

let root: RootStore | null = null;

/** The one request wrapper; sub-package domain modules bind to it too (stores/domain-api.ts). */
export const request = createRequest({
  transport: taroTransport,
  bases: { main: API_BASE, user: USER_API_BASE, auth: AUTH_API_BASE },
  signKey: SIGN_KEY,
  getToken: () => root?.session.token || '',
  now: () => (root ? root.session.now() : Date.now()),
  isOnline,
  loading,
  onSessionExpired(message, sentToken) {
    // Someone who never had a session (a first visit by a deep link) has nothing that expired: the page's own
    // access check (components/page-shell) sends them to enter and log in, and back to the link afterwards.
    if (!root?.session.token) return;
    // A call sent before a login replaced the session (phone login, WeChat OAuth, mini-program login) is refused
    // for the token it carried; the session now held is another one and must not be thrown away for it.
    if (sentToken !== root.session.token) return;
    const path = currentPageUrl();
    root.session.clear();
    relaunchToEntrance({ loginAgain: 1, path, message });
  },
});

/** Asks for the subscribe permission after paying and after a refund application (mini-programs). */
export const subscribeAsker = new SubscribeAsker(createNotificationApi(request), subscribeHost);
root = new RootStore(createApi(request), storage, { pay, context: payContext, subscribe: subscribeAsker });
export const rootStore: RootStore = root;
// §9: expiring values are stored against the kept server/device time difference.
setServerTimeDiff(() => rootStore.session.timeDiff);

configureNavigation({
  isLoggedIn: () => rootStore.session.loggedIn,
  setPageQuery: (q) => rootStore.session.setPageQuery(q),
  setCurrentTab: (i) => rootStore.session.setCurrentTab(i),
  // Asked of the server (which answers from memory) once a session exists; a failed check never blocks.
  manualError: async (route) => {
    if (!rootStore.session.token) return null;
    try {
      const r = await rootStore.api.access.check(route);
      return r.blocked ? r.message || '暂时无法访问' : null;
    } catch {
      return null;
    }
  },
});

export const StoreContext = createContext<RootStore>(rootStore);
export const useStores = (): RootStore => useContext(StoreContext);
