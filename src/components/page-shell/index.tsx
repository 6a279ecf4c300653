import { View } from '@tarojs/components';
import Taro, { useDidShow, useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import type { PropsWithChildren } from 'react';
import { checkAccess } from '../../domain/access';
import { ROUTES, normalizePath, toUrl } from '../../domain/routes';
import { themeStyle } from '../../domain/theme';
import type { ShareContent } from '../../domain/share';
import { entranceUrl, rememberCurrentPath } from '../../platform/navigation';
import { usePageShare } from '../../platform/share';
import { useStores } from '../../stores';
import './index.scss';

interface PageShellProps {
  /** Extra class on the page root. */
  className?: string;
  /** What this page shares (§1); pages off the share allow list ignore it and hide the share menu. */
  share?: ShareContent | null;
}

/**
 * Every page renders inside this: it applies the project's theme, keeps the current path in session storage
 * and the query in state (§2), runs the visitor-access check when a page is opened directly by URL, and sets up
 * sharing for the page (platform/share).
 */
function PageShell({ className, share, children }: PropsWithChildren<PageShellProps>) {
  const { session, api } = useStores();
  const router = useRouter();
  const route = normalizePath(router?.path || '');
  const params: Record<string, string> = {};
  for (const k of Object.keys(router?.params || {})) {
    if (k !== '$taroTimestamp' && router.params[k] !== undefined) params[k] = String(router.params[k]);
  }

  usePageShare({
    route,
    params,
    projectSn: session.projectSn,
    info: share ?? null,
    defaultTitle: session.projectName || '商城',
    sign: (url) => api.activity.jsSign(session.projectSn, url),
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
    if (!checkAccess(route, session.loggedIn).allowed) {
      void Taro.redirectTo({ url: entranceUrl({ login: 'phone', redirect: here }) });
    }
  });

  return (
    <View className={`sf-page ${className || ''}`} style={themeStyle(session.theme)}>
      {children}
    </View>
  );
}

export default observer(PageShell);
