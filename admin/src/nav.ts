/**
 * The console's pages: where each lives, its menu name and the area of contract/rules/operator-roles.ts it
 * belongs to. The menu shows what the role may read; a page opened by its address checks the same rule.
 */
import type { OperatorRole } from '@contract/operators';
import { mayAccess, type OpsArea } from '@contract/rules/operator-roles';

export type NavKey = 'shipping' | 'orders' | 'operators' | 'audit' | 'password';

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
  { key: 'operators', path: '/operators', name: '账号管理', area: 'operators' },
  { key: 'audit', path: '/audit', name: '操作日志', area: 'audit' },
  { key: 'password', path: '/password', name: '修改密码' },
];

export const navEntry = (key: NavKey): NavEntry => NAV.find((e) => e.key === key)!;

export const mayOpen = (role: OperatorRole, entry: NavEntry) => !entry.area || mayAccess(role, entry.area, 'read');

export const navFor = (role: OperatorRole) => NAV.filter((entry) => mayOpen(role, entry));

/** The page a path shows, if it is one of the menu's. */
export const entryAt = (pathname: string) => NAV.find((e) => pathname === e.path || pathname.startsWith(`${e.path}/`));
