/**
 * How the console words an item's stock (docs/catalogue.md): stock is the merchant's total, sold units included
 * (null: unlimited); sold counts the units held by live orders. Left to sell: stock - sold.
 */

/** The list's 库存 / 已售 cell: 剩余 x / 共 y · 已售 z, or 不限 · 已售 z. */
export function stockCellText(stock: number | null, sold: number): string {
  return stock === null ? `不限 · 已售 ${sold}` : `剩余 ${Math.max(stock - sold, 0)} / 共 ${stock} · 已售 ${sold}`;
}

/**
 * The edit form's line under the total: what is sold, and what the total typed leaves to sell (a total below the
 * units sold is refused on save: 库存不能少于已售出的N件).
 */
export function stockFieldHint(stock: number | null | undefined, sold: number): string {
  if (stock === null || stock === undefined) return `已售 ${sold} 件，不限库存`;
  if (stock < sold) return `已售 ${sold} 件，总库存不能少于已售数`;
  return `已售 ${sold} 件，剩余 ${stock - sold} 件`;
}
