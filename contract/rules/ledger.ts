/**
 * The promoter's 收支明细: which ledger rows it shows and which month total each counts in, so the
 * server's ledger read and the page's month totals agree, and 收入 and 支出 add up from the rows under a month.
 */

/** 收入: commission and what refunds took back of it; 支出: withdrawals and what came back of them. */
export type LedgerFlow = 'INCOME' | 'EXPENSE';

/**
 * A release moves a commission from frozen to withdrawable, the promoter's own money either side: it counts in
 * neither total (the commission counted as 收入 when it was booked) and shows without a sign. A returned
 * withdrawal is no income: it takes its withdrawal back out of 支出.
 */
const FLOW: Readonly<Record<string, LedgerFlow>> = {
  COMMISSION: 'INCOME',
  COMMISSION_CANCEL: 'INCOME',
  CLAWBACK: 'INCOME',
  WITHDRAWAL: 'EXPENSE',
  WITHDRAWAL_RETURN: 'EXPENSE',
};

export function ledgerFlow(kind: string): LedgerFlow | null {
  return FLOW[kind] ?? null;
}

/** The ledger shows a release once, by its withdrawable side; its frozen side is the same move. */
export function ledgerRowShown(row: { kind: string; bucket: string }): boolean {
  return !(row.kind === 'RELEASE' && row.bucket === 'FROZEN');
}

/**
 * 收入 and 支出 of some ledger rows, fen: 收入 is the sum of the income rows' signed amounts, 支出 the sum of the
 * expense rows' (negated, so a withdrawal counts as spent and its return takes it back). Summed over every row
 * they are the 累计收益 and the withdrawn total of the earnings page.
 */
export function ledgerTotals(rows: readonly { kind: string; amount: number }[]): { income: number; expense: number } {
  let income = 0;
  let expense = 0;
  for (const row of rows) {
    const flow = ledgerFlow(row.kind);
    if (flow === 'INCOME') income += row.amount;
    else if (flow === 'EXPENSE') expense -= row.amount;
  }
  return { income, expense };
}
