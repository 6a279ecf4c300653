import { PropsWithChildren } from 'react';
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro';
import { ROUTES, toUrl } from './domain/routes';
import { watchChunkErrors } from './platform/chunk-error';
import { watchHash } from './platform/hash-watch';
import { readSystemInfo } from './platform/system-info';
import { watchForUpdates } from './platform/update';
import { rootStore, StoreContext } from './stores';
import './app.scss';

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    watchHash();
    watchChunkErrors();
    watchForUpdates();
    // §7 user cache: a kept session's user is refreshed from the server on start.
    void rootStore.session.restoreUser();
    try {
      rootStore.session.setSystemInfo({ ...readSystemInfo() });
    } catch {
      // system info is a nicety; the app runs without it
    }
  });
  // §2: unknown paths go to the error page.
  usePageNotFound((res) => {
    void Taro.redirectTo({ url: toUrl(ROUTES.error, { reason: 'notFound', path: res.path }) });
  });
  return <StoreContext.Provider value={rootStore}>{children}</StoreContext.Provider>;
}

export default App;
