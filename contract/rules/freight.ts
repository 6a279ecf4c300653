/**
 * Freight (§2 运费 line) and the 包邮 an item's page promises, from one rule: the order confirmation charges what
 * chargedFreight says, the price line shows 免运费 exactly when that is 0, and an item's page may say 包邮 only
 * when the same rule charges nothing, so a page never promises free shipping that the order then charges.
 */
import { NO_DELIVERY } from '../constants';

export const FREE_SHIPPING = '包邮';

export interface FreightTerms {
  /** NO_DELIVERY (4): nothing is shipped. */
  deliveryType: number;
  /** Freight of one order, fen. */
  freight: number;
  /** Freight before a change, struck through when it differs (§2). */
  oldFreight?: number | null;
}

/** What an order is charged for shipping, fen, and the old figure to strike through. */
export function chargedFreight(terms: FreightTerms): { freight: number; oldFreight: number } {
  if (terms.deliveryType === NO_DELIVERY) return { freight: 0, oldFreight: 0 };
  const freight = Math.max(0, terms.freight);
  return { freight, oldFreight: Math.max(0, terms.oldFreight ?? freight) };
}

/** 包邮: something is shipped and the order charges nothing for it. */
export function isFreeShipping(terms: FreightTerms): boolean {
  return terms.deliveryType !== NO_DELIVERY && chargedFreight(terms).freight === 0;
}

/** The 运费 line's value: 免运费 at 0 (§2), else the amount. */
export function freightText(freight: number, format: (fen: number) => string): string {
  return freight === 0 ? '免运费' : format(freight);
}

/**
 * Shown texts (tags, a spec attribute's value split on ' · ') without a 包邮 the freight rule does not honour; the
 * merchant's other words stay as they are.
 */
export function withoutFalseFreeShipping(texts: readonly string[], terms: FreightTerms): string[] {
  return isFreeShipping(terms) ? [...texts] : texts.filter((t) => !t.includes(FREE_SHIPPING));
}
