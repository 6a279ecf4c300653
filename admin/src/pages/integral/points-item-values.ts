/** What the points item form types (cash part in yuan) and what the contract takes (fen). */
import type { PointsItemFields } from '@contract/ops-integral';

export interface PointsItemValues {
  actSn?: string;
  integralType: PointsItemFields['integralType'];
  points?: number | null;
  /** Yuan, as typed. */
  cashYuan?: number | null;
  maxIntegral?: number | null;
  /** '' in the select: the item's own carrier. */
  minIntegralType?: string | null;
  actPreviewUrl?: string | null;
}

/** Fen from typed yuan; more than two decimals or not a number gives NaN, which the contract refuses. */
export function fenOfYuan(yuan: number | null | undefined): number {
  if (yuan === null || yuan === undefined) return 0;
  if (!Number.isFinite(yuan)) return Number.NaN;
  const fen = Math.round(yuan * 100);
  return Math.abs(fen - yuan * 100) < 1e-6 ? fen : Number.NaN;
}

export const fieldsOf = (v: PointsItemValues): PointsItemFields => ({
  integralType: v.integralType ?? '',
  points: v.points ?? Number.NaN,
  cashAmount: fenOfYuan(v.cashYuan),
  maxIntegral: v.maxIntegral ?? 0,
  // Sent even when empty, so clearing one in the form clears it (an absent field would be kept).
  minIntegralType: (v.minIntegralType || null) as PointsItemFields['minIntegralType'],
  actPreviewUrl: v.actPreviewUrl?.trim() || null,
});

export const valuesOf = (item: PointsItemFields & { actSn: string }): PointsItemValues => ({
  actSn: item.actSn,
  integralType: item.integralType,
  points: item.points,
  cashYuan: item.cashAmount / 100,
  maxIntegral: item.maxIntegral,
  minIntegralType: item.minIntegralType ?? '',
  actPreviewUrl: item.actPreviewUrl ?? '',
});
