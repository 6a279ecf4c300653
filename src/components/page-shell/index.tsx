import { View } from '@tarojs/components';
import Taro, { useDidShow, useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type PropsWithChildren } from 'react';
import { checkAccess } from '../../domain/access';
import { ROUTES, isTabRoute, normalizePath, toUrl } from '../../domain/routes';
import { themeStyle } from '../../domain/theme';
import type { ShareContent } from '../../domain/share';
import { entranceUrl, goBackOrHome, rememberCurrentPath, sentToManualError } from '../../platform/navigation';
import { usePageShare } from '../../platform/share';
import { useStores } from '../../stores';
import ConfirmHost from '../confirm';
import PageHeader from '../page-header';
import './index.scss';

/** Pages that draw their own top (the entrance's login screen) or are tabs (the tab bar is their navigation). */
function wantsHeader(route: string): boolean {
  return process.env.TARO_ENV === 'h5' && route !== ROUTES.entrance && !isTabRoute(route);
}

interface PageInstance {
  route?: string;
  config?: { navigationBarTitleText?: string };
}

function topPage(): PageInstance | undefined {
  const pages = Taro.getCurrentPages() as PageInstance[];
  return pages[pages.length - 1];
}

/**
 * The H5 header's title and action: the page config's title, replaced when the page sets one at run time
 * (Taro.setNavigationBarTitle, e.g. a custom page's own title); back when there is history, home when not.
 */
function useHeader(route: string, enabled: boolean) {
  const [title, setTitle] = useState('');
  const [action, setAction] = useState<'back' | 'home'>('home');
  useEffect(() => {
    if (!enabled) return;
    const isMine = () => normalizePath(topPage()?.route || '') === route;
    const onTitle = (next: string) => {
      if (isMine()) setTitle(next);
    };
    Taro.eventCenter.on('__taroH5SetNavigationBarTitle', onTitle);
    return () => {
      Taro.eventCenter.off('__taroH5SetNavigationBarTitle', onTitle);
    };
  }, [enabled, route]);
  useDidShow(() => {
    if (!enabled) return;
    const top = topPage();
    setTitle(
      (now) => now || top?.config?.navigationBarTitleText || (typeof document !== 'undefined' ? document.title : ''),
    );
    setAction(Taro.getCurrentPages().length > 1 ? 'back' : 'home');
  });
  return { title, action };
}

interface PageShellProps {
  /** Extra class on the page root. */
  className?: string;
  /** What this page shares (§1); pages off the share allow list ignore it and hide the share menu. */
  share?: ShareContent | null;
  /** false hides the H5 page header (a page that draws its own top). */
  header?: boolean;
}

/**
 * Every page renders inside this: it applies the project's theme, keeps the current path in session storage
 * and the query in state (§2), runs the visitor-access check when a page is opened directly by URL, and sets up
 * sharing for the page (platform/share). On H5 it draws the one page header above non-tab pages. It renders the
 * page's confirmation dialog (components/confirm) inside the themed root, so the dialog takes the project's colours.
 */
function PageShell({ className, share, header = true, children }: PropsWithChildren<PageShellProps>) {
  const { session, api } = useStores();
  const router = useRouter();
  const route = normalizePath(router?.path || '');
  const params: Record<string, string> = {};
  for (const k of Object.keys(router?.params || {})) {
    if (k !== '$taroTimestamp' && router.params[k] !== undefined) params[k] = String(router.params[k]);
  }

  const showHeader = header && wantsHeader(route);
  const head = useHeader(route, showHeader);

  usePageShare({
    route,
    params,
    projectSn: session.projectSn,
    promoterCode: session.isEarner && session.promoterCode ? session.promoterCode : undefined,
    info: share ?? null,
    defaultTitle: session.projectName || '商城',
    sign: session.canSignWechat ? (url) => api.activity.jsSign(session.projectSn, url) : null,
  });

  useDidShow(() => {
    const here = toUrl(route, params);
    rememberCurrentPath(here);
    session.setPageQuery(params);
    if (route === ROUTES.entrance || route === ROUTES.error) return;
    // No session at all (first visit by a deep link): enter the project first, then come back here.
    if (!session.token) {
      // A shared link names its project; the entrance must enter that one.
      void Taro.reLaunch({ url: entranceUrl({ redirect: here, projectSn: params.projectSn }) });
      return;
    }
    // A page opened directly (a link, the back button) is checked as a navigation is.
    void sentToManualError(route).then((sent) => {
      if (!sent && !checkAccess(route, session.loggedIn).allowed)
        void Taro.redirectTo({ url: entranceUrl({ login: 'phone', redirect: here }) });
    });
  });

  return (
    // The page's main landmark (axe landmark-one-main); hidden pages of the stack are not counted.
    <View
      role="main"
      className={`sf-page ${showHeader ? 'has-header' : ''} ${className || ''}`}
      style={themeStyle(session.theme)}
    >
      {showHeader ? <PageHeader title={head.title} action={head.action} onAction={() => void goBackOrHome()} /> : null}
      {children}
      <ConfirmHost />
    </View>
  );
}

export default observer(PageShell);
