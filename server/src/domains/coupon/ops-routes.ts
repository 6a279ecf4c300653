/**
 * Operator routes of coupons and cards (/ops/coupon/..., /ops/card/...; bearer OPS_KEY, runtime/ops-auth.ts):
 * create coupon templates, claim activities (with the URL to print as a QR code) and card batches (codes
 * returned once, as CSV), and see how much of each is used. `npm run ops` (scripts/ops.ts) wraps them.
 * The console's changes are under /ops/v1/...: edit and end a template or a claim activity, generate a batch whose
 * codes leave the server by one export, and void a batch.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@contract/common';
import {
  opsBatchBody,
  opsBatchCreated,
  opsBatchExport,
  opsBatchGenerated,
  opsBatchList,
  opsBatchParams,
  opsBatchSchema,
  opsClaimBody,
  opsClaimList,
  opsClaimParams,
  opsClaimQr,
  opsClaimSchema,
  opsClaimUpdateBody,
  opsProjectQuery,
  opsTemplateBody,
  opsTemplateList,
  opsTemplateParams,
  opsTemplateSchema,
  opsTemplateUpdateBody,
} from '@contract/coupon-ops';
import type { Config } from '../../config';
import { AppError, notFound, ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import {
  claimActivityUrl,
  createClaimActivity,
  createTemplate,
  endClaimActivity,
  endTemplate,
  listClaimActivities,
  listTemplates,
  updateClaimActivity,
  updateTemplate,
} from './ops';
import { createCardBatch, exportCardBatch, listCardBatches, voidCardBatch } from './card-batches';
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
      const created = await createCardBatch(app.db, request.body, config.cardCodeKey, { exportNow: true });
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

  const ofTemplate = { opsProject: opsProjectOf.template('couponSn') };
  const ofClaim = { opsProject: opsProjectOf.claim('actSn') };
  const ofBatch = { opsProject: opsProjectOf.batch('batchSn') };

  app.patch(
    '/ops/v1/coupon/templates/:couponSn',
    {
      config: ofTemplate,
      schema: {
        ...doc('Edit a coupon template (once copies were given out, only its texts)'),
        params: opsTemplateParams,
        body: opsTemplateUpdateBody,
        response: responses(opsTemplateSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { before, after } = await updateTemplate(app.db, request.params.couponSn, request.body);
      await auditOps(request, {
        action: 'coupon.template.update',
        projectSn: after.projectSn,
        target: `coupon-template:${after.couponSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );
  app.post(
    '/ops/v1/coupon/templates/:couponSn/end',
    {
      config: ofTemplate,
      schema: {
        ...doc('End a coupon template: no claim or card gives it any more; copies held stay usable'),
        params: opsTemplateParams,
        response: responses(opsTemplateSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { before, after } = await endTemplate(app.db, request.params.couponSn);
      await auditOps(request, {
        action: 'coupon.template.end',
        projectSn: after.projectSn,
        target: `coupon-template:${after.couponSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.patch(
    '/ops/v1/coupon/claims/:actSn',
    {
      config: ofClaim,
      schema: {
        ...doc('Edit a claim activity: texts, times, coupons and their stock'),
        params: opsClaimParams,
        body: opsClaimUpdateBody,
        response: responses(opsClaimSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { before, after } = await updateClaimActivity(
        app.db,
        request.params.actSn,
        request.body,
        config.publicBaseUrl,
      );
      await auditOps(request, {
        action: 'coupon.claim.update',
        projectSn: after.projectSn,
        target: `coupon-claim:${after.actSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );
  app.post(
    '/ops/v1/coupon/claims/:actSn/end',
    {
      config: ofClaim,
      schema: {
        ...doc('End a claim activity now; coupons already claimed stay usable'),
        params: opsClaimParams,
        response: responses(opsClaimSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { before, after } = await endClaimActivity(app.db, request.params.actSn, config.publicBaseUrl);
      await auditOps(request, {
        action: 'coupon.claim.end',
        projectSn: after.projectSn,
        target: `coupon-claim:${after.actSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );

  app.post(
    '/ops/v1/card/batches',
    {
      schema: {
        ...doc('Generate a card batch; its codes leave the server once, by the export'),
        body: opsBatchBody,
        response: responses(opsBatchGenerated, [400, 401, 403]),
      },
    },
    async (request) => {
      const { batch } = await createCardBatch(app.db, request.body, config.cardCodeKey, { exportNow: false });
      await auditOps(request, {
        action: 'card.batch.create',
        projectSn: batch.projectSn,
        target: `card-batch:${batch.batchSn}`,
        after: batch,
      });
      return ok({ batch });
    },
  );
  app.post(
    '/ops/v1/card/batches/:batchSn/export',
    {
      config: ofBatch,
      schema: {
        ...doc("The one export of a batch's codes (CSV); a second export is refused"),
        params: opsBatchParams,
        response: responses(opsBatchExport, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const exported = await exportCardBatch(app.db, request.params.batchSn, config.cardCodeKey);
      // Who took the codes and when, never the codes.
      await auditOps(request, {
        action: 'card.batch.export',
        projectSn: exported.batch.projectSn,
        target: `card-batch:${exported.batch.batchSn}`,
        before: exported.before,
        after: exported.batch,
      });
      return ok({ batch: exported.batch, csv: exported.csv, filename: exported.filename });
    },
  );
  app.post(
    '/ops/v1/card/batches/:batchSn/void',
    {
      config: ofBatch,
      schema: {
        ...doc('Void a batch: its unused codes stop working; vouchers already redeemed stay'),
        params: opsBatchParams,
        response: responses(opsBatchSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { before, after } = await voidCardBatch(app.db, request.params.batchSn);
      await auditOps(request, {
        action: 'card.batch.void',
        projectSn: after.projectSn,
        target: `card-batch:${after.batchSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );
};

export default couponOpsRoutes;
