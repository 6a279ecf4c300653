/**
 * §3 applicant rule echoValue: what the course order form's 用户信息 field shows before the customer types, taken
 * from the details they gave on earlier orders (§7 user-info/list). The same field (keyName and label) first;
 * for a field that names one person's identity (name, ID, phone, email) any field of that kind will do.
 */
import type { UserInfoEntry } from '@contract/user-info';

const IDENTITY_KEYS: ReadonlySet<string> = new Set(['NAME', 'IDCARD', 'IDCARD_OUT', 'PHONE', 'EMAIL']);

export function echoFor(rule: { keyName: string; label: string }, entries: readonly UserInfoEntry[]): string {
  const same = entries.find((e) => e.keyName === rule.keyName && e.label === rule.label);
  if (same) return same.value;
  if (!IDENTITY_KEYS.has(rule.keyName)) return '';
  return entries.find((e) => e.keyName === rule.keyName)?.value ?? '';
}
