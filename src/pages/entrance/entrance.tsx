import { Button, View } from '@tarojs/components';
import Taro, { useLoad, useRouter } from '@tarojs/taro';
import { observer, useLocalObservable } from 'mobx-react-lite';
import { runInAction } from 'mobx';
import { errorMessage } from '../../api/error-message';
import PageShell from '../../components/page-shell';
import { checkAccess } from '../../domain/access';
import EntranceTip from '../../components/entrance-tip';
import { resolveJump } from '../../domain/jump';
import { ROUTES, TAB_ROUTES, decodeParam, normalizePath, toUrl } from '../../domain/routes';
import { primaryTextColour } from '../../domain/theme';
import { LOGIN_TEXTS, platformLogin, type LoginOutcome, type PhoneButtonDetail } from '../../platform/login';
import { followJump, openUrl, switchToTab } from '../../platform/navigation';
import { applyTabBar } from '../../platform/tabbar';
import { toast } from '../../platform/ui';
import { useStores } from '../../stores';
import { entranceStart, startEntranceCalls } from '../../stores/page-prefetch';
import PhoneLoginForm from './phone-login-form';
import './entrance.scss';

/**
 * §2 entry and login page. Enters the project named in the URL (§4 login), then opens the first home tab or
 * the page the visitor was heading for; with `login=phone` (or after a 502 on a page that needs a user) it
 * shows the phone login form.
 */
function Entrance() {
  const { session, api, pagePrefetch } = useStores();
  const { params } = useRouter();
  const state = useLocalObservable(() => ({ entered: false, showLogin: false }));
  const redirect = params.redirect
    ? decodeURIComponent(String(params.redirect))
    : params.path
      ? decodeURIComponent(String(params.path))
      : '';

  async function leave(target: string) {
    if (target && normalizePath(target) !== ROUTES.entrance) await openUrl(target, 'relaunch');
    else await switchToTab(0);
  }

  useLoad(async () => {
    if (params.message) toast(decodeURIComponent(String(params.message)));
    // A traffic link (§7 /front/traffic/link/{id}) names its project and where it leads.
    const trafficId = decodeParam(params.trafficId);
    const link = trafficId ? await api.service.trafficLink(trafficId).catch(() => null) : null;
    if (trafficId && !link) toast('链接不存在或已失效');
    const projectSn = String(link?.projectSn || params.projectSn || session.projectSn || DEFAULT_PROJECT_SN);
    try {
      // The app may have started these as it opened on this page (app.tsx); else they start now. After
      // the entrance, needAuthUser / needAuthPhone (§6) decide the prompts, then the platform logs in without
      // asking (wx.login, swan getLoginCode, WeChat OAuth); neither may block entering. Where no login
      // happens here (a plain browser: platformLogin.silent false) nothing can replace the session, so the menu is
      // asked for beside the §6 call, one round trip less before the home page.
      // A shared item's calls start once entered, beside them (stores/page-prefetch); not before a phone login,
      // which replaces the session they would be asked for with.
      const shared = { redirect: params.login === 'phone' ? '' : redirect, prefetch: pagePrefetch };
      const calls =
        (await entranceStart.take(projectSn)) ?? startEntranceCalls(session, projectSn, platformLogin.silent, shared);
      await calls.entered;
      const earlyMenu = calls.menu;
      const platform = await calls.auth
        .then(() => session.loginWithPlatform(platformLogin, redirect || undefined))
        .catch((): LoginOutcome | null => null);
      // The WeChat browser left for WeChat's consent page; it comes back here with the code.
      if (platform?.status === 'redirected') return;
      // Where a login happens (WeChat, mini-programs) the menu is asked for after it, never beside it: a login may
      // replace the session, and a call still carrying the replaced token would be refused as 登录已失效 (the
      // WeChat e2e caught that race).
      const tabs = await (earlyMenu ?? session.loadMenu());
      // Straight to the first home tab: its page is asked for now, while the tab switch and its chunk load.
      if (!link && !redirect && params.login !== 'phone') pagePrefetch.prefetch(session.tabFor(0)?.pageSn || '');
      void applyTabBar(tabs, primaryTextColour(session.theme));
    } catch (err) {
      const message = errorMessage(err, String(err));
      void Taro.reLaunch({ url: toUrl(ROUTES.error, { reason: 'entrance', message }) });
      return;
    }
    if (link && !redirect) {
      const target = resolveJump(link.jumpContent, session.tabList);
      // The entrance is not a page to come back to: a page target replaces it, as leave() does.
      if (target.type === 'page') return void (await openUrl(toUrl(target.path, target.query), 'relaunch'));
      if (target.type !== 'none') return void (await followJump(target));
    }
    const wantsLogin = params.login === 'phone' || (!!redirect && !checkAccess(redirect, session.loggedIn).allowed);
    if (wantsLogin && !session.loggedIn) {
      runInAction(() => {
        state.entered = true;
        state.showLogin = true;
      });
      return;
    }
    await leave(redirect);
  });

  /** The mini-program phone button: the phone the platform vouches for logs the customer in. */
  async function onPhoneNumber(detail: PhoneButtonDetail) {
    const outcome = await session.bindPlatformPhone(platformLogin, detail);
    if (outcome.status === 'ok' && session.loggedIn) await onLoggedIn();
    else toast(outcome.status === 'fail' ? outcome.message : LOGIN_TEXTS.phoneDenied);
  }

  async function onLoggedIn() {
    toast('登录成功', 'success');
    await leave(redirect || toUrl(TAB_ROUTES[4]));
  }

  return (
    <PageShell className="sf-entrance">
      <View className="sf-entrance__bar">
        <View className="sf-entrance__title">{session.projectName || '商城'}</View>
      </View>
      {state.showLogin ? (
        <View className="sf-entrance__login">
          <View className="sf-entrance__heading">手机号登录</View>
          <View className="sf-entrance__sub">登录后可下单、查看订单与优惠券</View>
          {platformLogin.phoneSource === 'button' && session.authInfo.needAuthPhone ? (
            <Button
              className="sf-btn sf-entrance__phone"
              openType="getPhoneNumber"
              onGetPhoneNumber={(e) => void onPhoneNumber(e.detail)}
            >
              手机号快捷登录
            </Button>
          ) : null}
          <PhoneLoginForm onSuccess={onLoggedIn} />
          <EntranceTip enumKey="LOGIN" id="login-tip" />
          <View className="sf-entrance__skip" onClick={() => void switchToTab(0)}>
            先逛逛
          </View>
        </View>
      ) : (
        <View className="sf-entrance__loading">
          <View className="sf-entrance__logo" />
          <View>正在进入...</View>
        </View>
      )}
    </PageShell>
  );
}

export default observer(Entrance);
