/**
 * The console's pages: where each lives, its menu name and the area of contract/rules/operator-roles.ts it
 * belongs to. The menu shows what the role may read; a page opened by its address checks the same rule.
 */
import type { OperatorRole } from '@contract/operators';
import { mayAccess, type OpsArea } from '@contract/rules/operator-roles';

export type NavKey =
  | 'catalogue'
  | 'points-items'
  | 'shipping'
  | 'orders'
  | 'order-links'
  | 'after-sales'
  | 'withdrawals'
  | 'promoters'
  | 'forms'
  | 'feedback'
  | 'coupons'
  | 'claims'
  | 'cards'
  | 'home-pages'
  | 'access'
  | 'settings'
  | 'operators'
  | 'audit'
  | 'password';

/** The menu's sections, in order. */
export const NAV_GROUPS = [
  { key: 'orders', name: '订单' },
  { key: 'goods', name: '商品与页面' },
  { key: 'marketing', name: '营销' },
  { key: 'money', name: '资金与服务' },
  { key: 'system', name: '系统' },
] as const;
export type NavGroup = (typeof NAV_GROUPS)[number]['key'];

export interface NavEntry {
  key: NavKey;
  path: string;
  name: string;
  group: NavGroup;
  /** Absent: every operator may open it (their own password). */
  area?: OpsArea;
}

/** In menu order, section by section; the first a role may open is where it lands after login. */
export const NAV: readonly NavEntry[] = [
  // First: the landing page stays 订单发货, inside the first-load budget (ProTable is ~200 KB).
  { key: 'shipping', path: '/shipping', name: '订单发货', group: 'orders', area: 'shipping' },
  { key: 'orders', path: '/orders', name: '订单管理', group: 'orders', area: 'orders' },
  { key: 'after-sales', path: '/after-sales', name: '售后处理', group: 'orders', area: 'after-sales' },
  // Single-use order links: issuing one fixes a price for a customer, so it is an orders write.
  { key: 'order-links', path: '/order-links', name: '下单链接', group: 'orders', area: 'orders' },
  { key: 'catalogue', path: '/catalogue', name: '商品管理', group: 'goods', area: 'catalogue' },
  { key: 'points-items', path: '/points-items', name: '积分商品', group: 'goods', area: 'catalogue' },
  { key: 'home-pages', path: '/home-pages', name: '页面装修', group: 'goods', area: 'pages' },
  // Closing the store, a page or a customer (§2 manual error) is the page dresser's: the same area.
  { key: 'access', path: '/access', name: '访问控制', group: 'goods', area: 'pages' },
  { key: 'settings', path: '/settings', name: '项目设置', group: 'goods', area: 'settings' },
  { key: 'coupons', path: '/coupons', name: '优惠券', group: 'marketing', area: 'marketing' },
  { key: 'claims', path: '/claims', name: '领券活动', group: 'marketing', area: 'marketing' },
  { key: 'cards', path: '/cards', name: '卡密批次', group: 'marketing', area: 'marketing' },
  // Promoters and their commission rules are marketing's, as their /ops routes (finance reads them).
  { key: 'promoters', path: '/promoters', name: '推广员', group: 'marketing', area: 'marketing' },
  { key: 'withdrawals', path: '/withdrawals', name: '提现审核', group: 'money', area: 'withdrawals' },
  { key: 'forms', path: '/forms', name: '表单', group: 'money', area: 'forms' },
  { key: 'feedback', path: '/feedback', name: '意见反馈', group: 'money', area: 'feedback' },
  { key: 'operators', path: '/operators', name: '账号管理', group: 'system', area: 'operators' },
  { key: 'audit', path: '/audit', name: '操作日志', group: 'system', area: 'audit' },
  { key: 'password', path: '/password', name: '修改密码', group: 'system' },
];

export const navEntry = (key: NavKey): NavEntry => NAV.find((e) => e.key === key)!;

export const mayOpen = (role: OperatorRole, entry: NavEntry) => !entry.area || mayAccess(role, entry.area, 'read');

export const navFor = (role: OperatorRole) => NAV.filter((entry) => mayOpen(role, entry));

/** The page a path shows, if it is one of the menu's. */
export const entryAt = (pathname: string) => NAV.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));

/** The role's menu by section, leaving out sections with nothing the role may open. */
export const menuFor = (role: OperatorRole) =>
  NAV_GROUPS.map((group) => ({ ...group, entries: navFor(role).filter((e) => e.group === group.key) })).filter(
    (group) => group.entries.length > 0,
  );
