/**
 * Operator routes of coupons and cards (/ops/coupon/..., /ops/card/...; bearer OPS_KEY, plugins/ops-auth.ts):
 * create coupon templates, claim activities (with the URL to print as a QR code) and card batches (codes
 * returned once, as CSV), and see how much of each is used. `npm run ops` (scripts/ops.ts) wraps them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsBatchBody, opsBatchCreated, opsBatchList, opsClaimBody, opsClaimList, opsClaimSchema, opsProjectQuery, opsTemplateBody, opsTemplateList, opsTemplateSchema } from '@contract/coupon-ops';
import type { Config } from '../../config';
import { ok, responses } from '../../http';
import { registerOpsAuth } from '../../plugins/ops-auth';
import { createCardBatch, createClaimActivity, createTemplate, listCardBatches, listClaimActivities, listTemplates } from '../../services/coupon-ops';

const security = [{ opsKey: [] }];

const couponOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  registerOpsAuth(app, config.opsKey);
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.post('/ops/coupon/templates', { schema: { ...doc('Create a coupon template (given out only by claims, cards or operators)'), body: opsTemplateBody, response: responses(opsTemplateSchema, [400, 401]) } }, async (request) =>
    ok(await createTemplate(app.db, request.body)),
  );
  app.get('/ops/coupon/templates', { schema: { ...doc('Coupon templates of a project with copies issued and used'), querystring: opsProjectQuery, response: responses(opsTemplateList, [400, 401]) } }, async (request) =>
    ok({ list: await listTemplates(app.db, request.query.projectSn) }),
  );

  app.post('/ops/coupon/claims', { schema: { ...doc('Create a scan-code claim activity; answers the claim URL to print as a QR code'), body: opsClaimBody, response: responses(opsClaimSchema, [400, 401]) } }, async (request) =>
    ok(await createClaimActivity(app.db, request.body, config.publicBaseUrl)),
  );
  app.get('/ops/coupon/claims', { schema: { ...doc('Claim activities of a project with stock and claimed per coupon'), querystring: opsProjectQuery, response: responses(opsClaimList, [400, 401]) } }, async (request) =>
    ok({ list: await listClaimActivities(app.db, request.query.projectSn, config.publicBaseUrl) }),
  );

  app.post('/ops/card/batches', { schema: { ...doc('Create a card batch and its secret codes; the CSV in this answer is the only copy of the codes'), body: opsBatchBody, response: responses(opsBatchCreated, [400, 401]) } }, async (request) =>
    ok(await createCardBatch(app.db, request.body, config.cardCodeKey)),
  );
  app.get('/ops/card/batches', { schema: { ...doc('Card batches of a project with codes redeemed and voided'), querystring: opsProjectQuery, response: responses(opsBatchList, [400, 401]) } }, async (request) =>
    ok({ list: await listCardBatches(app.db, request.query.projectSn) }),
  );
};

export default couponOpsRoutes;
