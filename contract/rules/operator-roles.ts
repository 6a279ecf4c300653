/**
 * What each operator role may do: one table, read by the server's /ops guard and by the console to hide what a
 * role cannot use. An action is `<area>.<read|write>`; money moves (refunds, withdrawals) are finance's and the
 * owner's. The owner may do everything, including managing operators and reading the audit log.
 */
import type { OperatorRole } from '../operators';

export const OPS_AREAS = [
  'operators',
  'audit',
  'catalogue',
  'pages',
  'orders',
  'shipping',
  'marketing',
  'forms',
  'after-sales',
  'withdrawals',
  'feedback',
  'settings',
] as const;
export type OpsArea = (typeof OPS_AREAS)[number];
export type OpsAccess = 'read' | 'write';

const ALL_READ = Object.fromEntries(OPS_AREAS.map((a) => [a, 'read'])) as Record<OpsArea, OpsAccess>;

/** Per role and area, the most it may do there; an area missing from a role's row is closed to it. */
export const ROLE_ACCESS: Record<OperatorRole, Partial<Record<OpsArea, OpsAccess>>> = {
  owner: Object.fromEntries(OPS_AREAS.map((a) => [a, 'write'])) as Record<OpsArea, OpsAccess>,
  operator: {
    catalogue: 'write',
    pages: 'write',
    // The one write of orders is cancelling an unpaid order: no money moves, the coupon goes back.
    orders: 'write',
    shipping: 'write',
    marketing: 'write',
    forms: 'write',
    'after-sales': 'read',
    withdrawals: 'read',
    feedback: 'write',
    // A project's theme, service line and agreements: the owner's to change, shown to operators.
    settings: 'read',
  },
  finance: {
    ...ALL_READ,
    operators: undefined,
    audit: 'read',
    'after-sales': 'write',
    withdrawals: 'write',
  },
  support: {
    catalogue: 'read',
    orders: 'read',
    shipping: 'write',
    forms: 'read',
    'after-sales': 'read',
    feedback: 'write',
  },
};

/** Whether `role` may `access` the `area` (write implies read). */
export function mayAccess(role: OperatorRole, area: OpsArea, access: OpsAccess): boolean {
  const granted = ROLE_ACCESS[role][area];
  if (!granted) return false;
  return access === 'read' || granted === 'write';
}
