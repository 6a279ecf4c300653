import { View } from '@tarojs/components';
import Taro, { useDidShow, useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react-lite';
import type { PropsWithChildren } from 'react';
import { checkAccess } from '../../domain/access';
import { ROUTES, normalizePath, toUrl } from '../../domain/routes';
import { themeStyle } from '../../domain/theme';
import { entranceUrl, rememberCurrentPath } from '../../platform/navigation';
import { useStores } from '../../stores';
import './index.scss';

interface PageShellProps {
  /** Extra class on the page root. */
  className?: string;
}

/**
 * Every page renders inside this: it applies the project's theme, keeps the current path in session storage
 * and the query in state (§2), and runs the visitor-access check when a page is opened directly by URL.
 */
function PageShell({ className, children }: PropsWithChildren<PageShellProps>) {
  const { session } = useStores();
  const router = useRouter();

  useDidShow(() => {
    const route = normalizePath(router.path || '');
    const params: Record<string, string> = {};
    for (const k of Object.keys(router.params || {})) {
      if (k !== '$taroTimestamp' && router.params[k] !== undefined) params[k] = String(router.params[k]);
    }
    const here = toUrl(route, params);
    rememberCurrentPath(here);
    session.setPageQuery(params);
    if (route === ROUTES.entrance || route === ROUTES.error) return;
    // No session at all (first visit by a deep link): enter the project first, then come back here.
    if (!session.token) {
      void Taro.reLaunch({ url: entranceUrl({ redirect: here }) });
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
