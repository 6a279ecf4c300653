import { PropsWithChildren } from 'react';
import Taro, { useLaunch, usePageNotFound } from '@tarojs/taro';
import { BUILT_ROUTES, ROUTES, normalizePath, notFoundTarget, parseQuery, toUrl } from './domain/routes';
import { entranceUrl } from './platform/navigation';
import { preloadPage } from './platform/preload-page';
import { watchChunkErrors } from './platform/chunk-error';
import { watchPageLoads } from './platform/page-load';
import { sendUnknownAddressToError, watchHash } from './platform/hash-watch';
import { platformLogin } from './platform/login';
import { readSystemInfo } from './platform/system-info';
import { watchForUpdates } from './platform/update';
import { rootStore, StoreContext } from './stores';
import { entranceStart, startEntranceCalls } from './stores/page-prefetch';
import './app.scss';

/** The page a shared link opened, which the app started on the entrance instead (preloaded at launch). */
let sharedPage = '';

/**
 * H5 opened on the entrance (the site root, or its hash path without a traffic link): its calls start now, as the
 * script starts, rather than once the entrance page's chunk has loaded and rendered; the home banner (the LCP
 * image) waits on them. The entrance page takes them (stores/page-prefetch EntranceStart).
 *
 * A page opened without a session (a shared link) starts on the entrance too, with the page as its redirect,
 * exactly as the page shell would send it there (components/page-shell) once the page's chunk had loaded and
 * shown (the page's own calls would then race the entrance's); its chunk, and an item's detail, are asked for
 * beside the entrance's calls.
 */
function startEntranceEarly(): void {
  const hash = window.location.hash.replace(/^#/, '');
  // normalizePath drops the query; only what follows a '?' is one (parseQuery reads a bare 'a=b' as one too).
  const path = normalizePath(hash);
  const query = hash.includes('?') ? parseQuery(hash) : {};
  const { session } = rootStore;
  let redirect = '';
  if (path && path !== ROUTES.entrance) {
    // An unknown page goes to the error page (usePageNotFound), the error page stands alone.
    if (session.token || !BUILT_ROUTES.has(path) || path === ROUTES.error) return;
    redirect = toUrl(path, query);
    window.history.replaceState(window.history.state, '', `#${entranceUrl({ redirect, projectSn: query.projectSn })}`);
    // The page's chunk loads beside the entrance's, not after it (at launch: the router has its routes then).
    sharedPage = path;
  } else if (query.trafficId) return;
  const projectSn = String(query.projectSn || session.projectSn || DEFAULT_PROJECT_SN);
  entranceStart.start(
    startEntranceCalls(session, projectSn, platformLogin.silent, { redirect, prefetch: rootStore.pagePrefetch }),
  );
}
/** A session kept from an earlier visit (read before this start's entrance may bring one). */
const keptSession = !!rootStore.session.token;
if (process.env.TARO_ENV === 'h5') {
  // Before the router asks for the first page's chunk (the generated entry runs after this module).
  watchPageLoads();
  sendUnknownAddressToError();
  startEntranceEarly();
}

function keepSystemInfo(): void {
  try {
    rootStore.session.setSystemInfo({ ...readSystemInfo() });
  } catch {
    // system info is a nicety; the app runs without it
  }
}

function App({ children }: PropsWithChildren) {
  useLaunch(() => {
    if (sharedPage) preloadPage(sharedPage);
    watchHash();
    watchChunkErrors();
    watchForUpdates();
    // §7 user cache: a kept session's user is refreshed from the server on start (a session the entrance just
    // made came with its user).
    if (keptSession) void rootStore.session.restoreUser();
    // On H5 the window's size is read from the layout, which the first screen need not wait for: nothing on it
    // reads systemInfo, so it is read once the browser is idle.
    if (process.env.TARO_ENV === 'h5' && typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(keepSystemInfo, { timeout: 3000 });
    else keepSystemInfo();
  });
  // §2: unknown paths go to the error page; the system pages' own addresses open those pages.
  usePageNotFound((res) => {
    void Taro.redirectTo({ url: notFoundTarget(res.path, res.query) });
  });
  return <StoreContext.Provider value={rootStore}>{children}</StoreContext.Provider>;
}

export default App;
