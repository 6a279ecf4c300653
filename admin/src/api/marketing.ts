/** 营销: coupon templates, claim activities (with their QR code) and card batches (/ops/coupon/..., /ops/card/...). */
import type { z } from 'zod';
import type {
  opsBatchBody,
  opsBatchExport,
  opsBatchGenerated,
  opsBatchList,
  opsBatchSchema,
  opsClaimBody,
  opsClaimList,
  opsClaimQr,
  opsClaimSchema,
  OpsClaimUpdate,
  opsTemplateBody,
  opsTemplateList,
  opsTemplateSchema,
  OpsTemplateUpdate,
} from '@contract/coupon-ops';
import { call } from './client';

export type CouponTemplate = z.infer<typeof opsTemplateSchema>;
export type ClaimActivity = z.infer<typeof opsClaimSchema>;
export type CardBatch = z.infer<typeof opsBatchSchema>;
export type TemplateInput = z.input<typeof opsTemplateBody>;
export type ClaimInput = z.input<typeof opsClaimBody>;
export type BatchInput = z.input<typeof opsBatchBody>;

const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

export const listTemplates = async (projectSn: string) =>
  (await call<z.infer<typeof opsTemplateList>>('GET', '/ops/coupon/templates', { query: { projectSn } })).list;
export const createTemplate = (body: TemplateInput) => call<CouponTemplate>('POST', '/ops/coupon/templates', { body });
export const updateTemplate = (couponSn: string, body: OpsTemplateUpdate) =>
  call<CouponTemplate>('PATCH', at('/ops/v1/coupon/templates', couponSn), { body });
export const endTemplate = (couponSn: string) =>
  call<CouponTemplate>('POST', `${at('/ops/v1/coupon/templates', couponSn)}/end`);

export const listClaims = async (projectSn: string) =>
  (await call<z.infer<typeof opsClaimList>>('GET', '/ops/coupon/claims', { query: { projectSn } })).list;
export const createClaim = (body: ClaimInput) => call<ClaimActivity>('POST', '/ops/coupon/claims', { body });
export const updateClaim = (actSn: string, body: OpsClaimUpdate) =>
  call<ClaimActivity>('PATCH', at('/ops/v1/coupon/claims', actSn), { body });
export const endClaim = (actSn: string) => call<ClaimActivity>('POST', `${at('/ops/v1/coupon/claims', actSn)}/end`);
export const claimQr = (actSn: string) =>
  call<z.infer<typeof opsClaimQr>>('GET', `${at('/ops/coupon/claims', actSn)}/qr`);

export const listBatches = async (projectSn: string) =>
  (await call<z.infer<typeof opsBatchList>>('GET', '/ops/card/batches', { query: { projectSn } })).list;
export const generateBatch = (body: BatchInput) =>
  call<z.infer<typeof opsBatchGenerated>>('POST', '/ops/v1/card/batches', { body });
export const exportBatch = (batchSn: string) =>
  call<z.infer<typeof opsBatchExport>>('POST', `${at('/ops/v1/card/batches', batchSn)}/export`);
export const voidBatch = (batchSn: string) => call<CardBatch>('POST', `${at('/ops/v1/card/batches', batchSn)}/void`);
