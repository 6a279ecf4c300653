/** The column editor's list of picked items: pure, so the order it sends is tested without a browser. */
import { CATALOGUE_STATE_TEXT, CATALOGUE_TYPE_TEXT } from '@contract/ops-catalogue';
import type { OpsColumnItem } from '@contract/ops-columns';

/** The list with the item at `i` swapped with its neighbour; unchanged at either end. */
export function moveItem<T>(list: readonly T[], i: number, by: -1 | 1): T[] {
  const next = [...list];
  const j = i + by;
  if (i < 0 || i >= next.length || j < 0 || j >= next.length) return next;
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/**
 * The picks after the multi-select changed to `selected`: those kept stay where they were, new ones go at the end in
 * the order picked.
 */
export function mergePicks(current: readonly string[], selected: readonly string[]): string[] {
  const chosen = new Set(selected);
  const kept = current.filter((sn) => chosen.has(sn));
  const have = new Set(kept);
  return [...kept, ...selected.filter((sn) => !have.has(sn) && (have.add(sn), true))];
}

/** How an item is named in the picker and the list: its name, kind and state when it is not on sale. */
export function itemLabel(item: Pick<OpsColumnItem, 'actSn' | 'actName' | 'actType' | 'status'>): string {
  const kind = CATALOGUE_TYPE_TEXT[item.actType as keyof typeof CATALOGUE_TYPE_TEXT] ?? item.actType;
  const state =
    item.status === 'ONLINE'
      ? ''
      : ` · ${CATALOGUE_STATE_TEXT[item.status as keyof typeof CATALOGUE_STATE_TEXT] ?? item.status}`;
  return `${item.actName}（${kind}${state}）`;
}
