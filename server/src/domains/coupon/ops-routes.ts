/**
 * Operator routes of coupons and cards (/ops/coupon/..., /ops/card/...; bearer OPS_KEY, runtime/ops-auth.ts):
 * create coupon templates, claim activities (with the URL to print as a QR code) and card batches (codes
 * returned once, as CSV), and see how much of each is used. `npm run ops` (scripts/ops.ts) wraps them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@contract/common';
import {
  opsBatchBody,
  opsBatchCreated,
  opsBatchList,
  opsClaimBody,
  opsClaimList,
  opsClaimParams,
  opsClaimQr,
  opsClaimSchema,
  opsProjectQuery,
  opsTemplateBody,
  opsTemplateList,
  opsTemplateSchema,
} from '@contract/coupon-ops';
import type { Config } from '../../config';
import { AppError, notFound, ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import {
  claimActivityUrl,
  createCardBatch,
  createClaimActivity,
  createTemplate,
  listCardBatches,
  listClaimActivities,
  listTemplates,
} from './ops';
import { loadQrEncoder, QR_MESSAGES, type QrEncoder } from '../../runtime/qrcode';

const security = [{ opsKey: [] }];

/** qrEncoder: tests pass one (or null for "not installed"); by default the qrcode library, when installed. */
const couponOpsRoutes: FastifyPluginAsyncZod<{ config: Config; qrEncoder?: QrEncoder | null }> = async (
  app,
  { config, qrEncoder },
) => {
  registerOpsAuth(app, config.opsKey, { area: 'marketing' });
  const encoder = qrEncoder !== undefined ? qrEncoder : await loadQrEncoder();
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.post(
    '/ops/coupon/templates',
    {
      schema: {
        ...doc('Create a coupon template (given out only by claims, cards or operators)'),
        body: opsTemplateBody,
        response: responses(opsTemplateSchema, [400, 401]),
      },
    },
    async (request) => {
      const template = await createTemplate(app.db, request.body);
      await auditOps(request, {
        action: 'coupon.template.create',
        projectSn: template.projectSn,
        target: `coupon-template:${template.couponSn}`,
        after: template,
      });
      return ok(template);
    },
  );
  app.get(
    '/ops/coupon/templates',
    {
      schema: {
        ...doc('Coupon templates of a project with copies issued and used'),
        querystring: opsProjectQuery,
        response: responses(opsTemplateList, [400, 401]),
      },
    },
    async (request) => ok({ list: await listTemplates(app.db, request.query.projectSn) }),
  );

  app.post(
    '/ops/coupon/claims',
    {
      schema: {
        ...doc('Create a scan-code claim activity; answers the claim URL to print as a QR code'),
        body: opsClaimBody,
        response: responses(opsClaimSchema, [400, 401]),
      },
    },
    async (request) => {
      const claim = await createClaimActivity(app.db, request.body, config.publicBaseUrl);
      await auditOps(request, {
        action: 'coupon.claim.create',
        projectSn: request.body.projectSn,
        target: `coupon-claim:${claim.actSn}`,
        after: claim,
      });
      return ok(claim);
    },
  );
  app.get(
    '/ops/coupon/claims',
    {
      schema: {
        ...doc('Claim activities of a project with stock and claimed per coupon'),
        querystring: opsProjectQuery,
        response: responses(opsClaimList, [400, 401]),
      },
    },
    async (request) => ok({ list: await listClaimActivities(app.db, request.query.projectSn, config.publicBaseUrl) }),
  );

  app.get(
    '/ops/coupon/claims/:actSn/qr',
    {
      config: { opsProject: opsProjectOf.claim('actSn') },
      schema: {
        ...doc('The claim URL of an activity and its QR code to print (PNG data URL; 503 without the qrcode library)'),
        params: opsClaimParams,
        response: responses(opsClaimQr, [400, 401, 404, 503]),
      },
    },
    async (request) => {
      const claimUrl = await claimActivityUrl(app.db, request.params.actSn, config.publicBaseUrl);
      if (!claimUrl) throw notFound('领券活动不存在');
      if (!encoder) throw new AppError(503, ERROR_CODES.QR_UNAVAILABLE, QR_MESSAGES.unavailable);
      return ok({ claimUrl, qr: await encoder.toDataUrl(claimUrl) });
    },
  );

  app.post(
    '/ops/card/batches',
    {
      schema: {
        ...doc('Create a card batch and its secret codes; the CSV in this answer is the only copy of the codes'),
        body: opsBatchBody,
        response: responses(opsBatchCreated, [400, 401]),
      },
    },
    async (request) => {
      const created = await createCardBatch(app.db, request.body, config.cardCodeKey);
      // The batch, never its codes: the CSV in the answer is their only copy.
      await auditOps(request, {
        action: 'card.batch.create',
        projectSn: request.body.projectSn,
        target: `card-batch:${created.batch.batchSn}`,
        after: created.batch,
      });
      return ok(created);
    },
  );
  app.get(
    '/ops/card/batches',
    {
      schema: {
        ...doc('Card batches of a project with codes redeemed and voided'),
        querystring: opsProjectQuery,
        response: responses(opsBatchList, [400, 401]),
      },
    },
    async (request) => ok({ list: await listCardBatches(app.db, request.query.projectSn) }),
  );
};

export default couponOpsRoutes;
