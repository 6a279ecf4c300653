/**
 * The console's pages: where each lives, its menu name and the area of contract/rules/operator-roles.ts it
 * belongs to. The menu shows what the role may read; a page opened by its address checks the same rule.
 */
import type { OperatorRole } from '@contract/operators';
import { mayAccess, type OpsArea } from '@contract/rules/operator-roles';

export type NavKey =
  | 'catalogue'
  | 'shipping'
  | 'orders'
  | 'after-sales'
  | 'withdrawals'
  | 'promoters'
  | 'forms'
  | 'feedback'
  | 'coupons'
  | 'claims'
  | 'cards'
  | 'home-pages'
  | 'operators'
  | 'audit'
  | 'password';

export interface NavEntry {
  key: NavKey;
  path: string;
  name: string;
  /** Absent: every operator may open it (their own password). */
  area?: OpsArea;
}

export const NAV: readonly NavEntry[] = [
  { key: 'shipping', path: '/shipping', name: '订单发货', area: 'shipping' },
  { key: 'orders', path: '/orders', name: '订单管理', area: 'orders' },
  // Not first: the landing page stays 订单发货, inside the first-load budget (ProTable is ~200 KB).
  { key: 'catalogue', path: '/catalogue', name: '商品管理', area: 'catalogue' },
  { key: 'after-sales', path: '/after-sales', name: '售后处理', area: 'after-sales' },
  { key: 'withdrawals', path: '/withdrawals', name: '提现审核', area: 'withdrawals' },
  // Promoters and their commission rules are marketing's, as their /ops routes (finance reads them).
  { key: 'promoters', path: '/promoters', name: '推广员', area: 'marketing' },
  { key: 'forms', path: '/forms', name: '表单', area: 'forms' },
  { key: 'feedback', path: '/feedback', name: '意见反馈', area: 'feedback' },
  { key: 'coupons', path: '/coupons', name: '优惠券', area: 'marketing' },
  { key: 'claims', path: '/claims', name: '领券活动', area: 'marketing' },
  { key: 'cards', path: '/cards', name: '卡密批次', area: 'marketing' },
  { key: 'home-pages', path: '/home-pages', name: '页面装修', area: 'pages' },
  { key: 'operators', path: '/operators', name: '账号管理', area: 'operators' },
  { key: 'audit', path: '/audit', name: '操作日志', area: 'audit' },
  { key: 'password', path: '/password', name: '修改密码' },
];

export const navEntry = (key: NavKey): NavEntry => NAV.find((e) => e.key === key)!;

export const mayOpen = (role: OperatorRole, entry: NavEntry) => !entry.area || mayAccess(role, entry.area, 'read');

export const navFor = (role: OperatorRole) => NAV.filter((entry) => mayOpen(role, entry));

/** The page a path shows, if it is one of the menu's. */
export const entryAt = (pathname: string) => NAV.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
