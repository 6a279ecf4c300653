jest.mock('../../src/api/transport', () => require('./harness').transportModule);
import {
  all,
  currentPage,
  currentRoute,
  openAt,
  passDuplicateWindow,
  requests,
  resetServer,
  route,
  waitFor,
  waitForPage,
} from './harness';

/**
 * In a plain browser (no silent platform login) the entrance asks for the menu beside the §6 auth call,
 * and asks for the first home tab's page as soon as the menu names it, before the home tab is shown; the home tab
 * uses that answer once, and a pull-down refresh asks again.
 */
describe('entrance to the first home tab', () => {
  beforeEach(() => resetServer());

  test('the menu is asked for beside the auth call, the home page before the home tab shows', async () => {
    let answerAuth: () => void = () => undefined;
    const authAnswered = new Promise<void>((r) => (answerAuth = r));
    const menuAskedBeforeAuth: boolean[] = [];
    let authDone = false;
    const pageAskedOn: string[] = [];
    // The entrance is held until the test has seen the entrance page open (openAt waits for it).
    let openEntrance: () => void = () => undefined;
    const entranceOpen = new Promise<void>((r) => (openEntrance = r));
    route('POST', '/front/v1/entrance', async () => {
      await entranceOpen;
      return {
        info: {
          token: 'visitor-token',
          userInfo: { userId: 'u1', phone: null, unionId: null, nickName: null, avatar: null },
          timestamp: Date.now(),
          needAuth: false,
          tips: null,
          sceneStyle: null,
          projectEnum: 'DEFAULT',
          projectParam: { projectSn: 'demo', projectName: '演示商城' },
        },
      };
    });
    route('POST', '/front/v1/user/auth', async () => {
      await authAnswered;
      authDone = true;
      return { info: { needAuthUser: false, needAuthPhone: true } };
    });
    route('GET', '/front/v1/customerPage/menu', () => {
      menuAskedBeforeAuth.push(!authDone);
      answerAuth();
      return {
        info: { tabList: [{ tabIndex: 0, title: '首页', pageSn: 'home', jumpContent: { firstEnum: 'PAGE_INDEX' } }] },
      };
    });
    route('POST', '/front/v1/customerPage/moduleInfo', () => {
      pageAskedOn.push(currentRoute());
      return { info: { pageSn: 'home', pageTitle: '首页', modules: [] } };
    });

    await openAt('/pages/entrance/entrance?projectSn=demo');
    openEntrance();
    await waitForPage('/pages/index/index');
    await waitFor(() => expect(all('.sf-empty').length).toBe(1));
    expect(menuAskedBeforeAuth).toEqual([true]);
    // Asked for while the entrance was still the page on top, and only once: the home tab took that answer.
    expect(pageAskedOn).toEqual(['pages/entrance/entrance']);
    expect(requests.filter((r) => r.path === '/front/v1/customerPage/moduleInfo')).toHaveLength(1);

    passDuplicateWindow();
    await currentPage().onPullDownRefresh();
    expect(pageAskedOn).toEqual(['pages/entrance/entrance', 'pages/index/index']);
  });
});
