/** The demo tenants: one per projectEnum (§1), picked by projectSn in the entrance URL (DESIGN.md §6). */
import type { ProjectEnum } from '@contract/entrance';

export interface DemoProject {
  projectSn: string;
  name: string;
  projectEnum: ProjectEnum;
  /** The theme the storefront applies (§9): default, course, integral or authentication. */
  sceneStyle: string;
  tips: string;
  /** Titles of tabIndex 0..4; 4 is always the personal centre. */
  tabTitles: [string, string, string, string, string];
}

export const DEMO_PROJECTS: DemoProject[] = [
  {
    projectSn: 'demo',
    name: '示范商城',
    projectEnum: 'DEFAULT',
    sceneStyle: 'default',
    tips: '欢迎来到示范商城，登录后可查看订单与优惠券',
    tabTitles: ['首页', '课程', '活动', '发现', '我的'],
  },
  {
    projectSn: 'course',
    name: '惠民课堂',
    projectEnum: 'BENEFIT_PEOPLE_APPLE',
    sceneStyle: 'course',
    tips: '惠民课堂：职业技能与学历提升课程，支持分期付款',
    tabTitles: ['首页', '选课', '活动', '资讯', '我的'],
  },
  {
    projectSn: 'integral',
    name: '积分商城',
    projectEnum: 'INTEGRAL_APPLE',
    sceneStyle: 'integral',
    tips: '积分查询可能会延迟，具体以移动官方积分余额为准',
    tabTitles: ['首页', '兑换', '活动', '权益', '我的'],
  },
  {
    projectSn: 'form',
    name: '报名中心',
    projectEnum: 'FORM_APPLE',
    sceneStyle: 'default',
    tips: '报名信息仅用于活动组织，请如实填写',
    tabTitles: ['首页', '报名', '活动', '资讯', '我的'],
  },
  {
    projectSn: 'auth',
    name: '认证服务',
    projectEnum: 'AUTHENTICATION_APPLE',
    sceneStyle: 'authentication',
    tips: '完成实名认证后即可申请提现',
    tabTitles: ['首页', '认证', '课程', '服务', '我的'],
  },
  {
    projectSn: 'baidu',
    name: '百度小程序商城',
    projectEnum: 'BAI_DU_APPLET',
    sceneStyle: 'default',
    tips: '欢迎使用百度智能小程序商城',
    tabTitles: ['首页', '课程', '活动', '发现', '我的'],
  },
];

/** Notices for POST /front/v1/entrance/tips; projectEnum null applies to every project type. */
export const DEMO_TIPS: Array<{ enumKey: string; projectEnum: ProjectEnum | null; content: string }> = [
  { enumKey: 'LOGIN', projectEnum: null, content: '登录即表示您已阅读并同意《用户协议》和《隐私政策》' },
  // §9 gives the integral note verbatim, for every project type (the points project included).
  { enumKey: 'INTEGRAL_QUERY', projectEnum: null, content: '积分查询可能会延迟，具体以移动官方积分余额为准' },
  // A project type's own text wins over the shared one: the points project's login notice names its rules too.
  {
    enumKey: 'LOGIN',
    projectEnum: 'INTEGRAL_APPLE',
    content: '登录即表示您已阅读并同意《用户协议》《隐私政策》和《积分兑换规则》',
  },
  { enumKey: 'ORDER_SUBMIT', projectEnum: null, content: '温馨提示：课程和证书详细信息请查阅课程详情页' },
];
