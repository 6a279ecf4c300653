/** An item's extras (/ops/v1/catalogue/items/:actSn/...): reviews, sale areas, household types and applicant fields. */
import type {
  AreaRestriction,
  AreaRestrictionInput,
  OpsReviewRow,
  OrderRules,
  OrderRulesInput,
} from '@contract/ops-catalogue-extras';
import { call } from './client';

export type { AreaRestriction, AreaRestrictionInput, OpsReviewRow, OrderRules, OrderRulesInput };
export interface AreaTreeNode {
  value: string;
  label: string;
  children: { value: string; label: string }[];
}

const at = (actSn: string) => `/ops/v1/catalogue/items/${encodeURIComponent(actSn)}`;
const review = (actSn: string, commentId: string) => `${at(actSn)}/reviews/${encodeURIComponent(commentId)}`;

export const listReviews = async (actSn: string) =>
  (await call<{ list: OpsReviewRow[] }>('GET', `${at(actSn)}/reviews`)).list;
export const setReviewHidden = (actSn: string, commentId: string, hidden: boolean) =>
  call<OpsReviewRow>('PUT', `${review(actSn, commentId)}/visibility`, { body: { hidden } });
export const replyReview = (actSn: string, commentId: string, reply: string) =>
  call<OpsReviewRow>('PUT', `${review(actSn, commentId)}/reply`, { body: { reply } });

export const areaTree = async () => (await call<{ list: AreaTreeNode[] }>('GET', '/ops/v1/catalogue/areas')).list;
export const getAreas = (actSn: string) => call<AreaRestriction>('GET', `${at(actSn)}/areas`);
export const saveAreas = (actSn: string, body: AreaRestrictionInput) =>
  call<AreaRestriction>('PUT', `${at(actSn)}/areas`, { body });

export const getOrderRules = (actSn: string) => call<OrderRules>('GET', `${at(actSn)}/order-rules`);
export const saveOrderRules = (actSn: string, body: OrderRulesInput) =>
  call<OrderRules>('PUT', `${at(actSn)}/order-rules`, { body });
