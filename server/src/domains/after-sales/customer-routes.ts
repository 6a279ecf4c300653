/**
 * §7 After sales, the customer's calls (signed, with a session), plus /front/v1/after/sales/refund/apply and
 * /front/v2/client/course/order/after/submit. Everything is the caller's own: another customer's application or
 * shipment is "not there" (404).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  afterSaleApplyBody,
  afterSaleApplyInfo,
  afterSaleDetailSchema,
  afterSaleEditBody,
  afterSaleIdParams,
  afterSaleListInfo,
  afterSaleListQuery,
  afterSaleRecordInfo,
  afterSaleRecordQuery,
  afterSaleReferBody,
  afterSaleReferInfo,
  applicationNoParams,
  logisticsBody,
  logisticsInfoParams,
  logisticsInfoSchema,
} from '@contract/after-sales';
import { signedFields } from '@contract/common';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import {
  applyForRefund,
  cancelApplication,
  customerRecords,
  editApplication,
  listApplications,
  referInfo,
  parcelView,
  saveLogistics,
} from './service';
import type { AfterSalesDeps } from './deps';
import { checkedCustomerDetail } from './refunds';

const P = '/front/v1/after/sales';
const tags = ['after-sales'];
const signedOnly = z.object(signedFields);
const session = { session: 'required' as const };

const frontRoutes: FastifyPluginAsyncZod<AfterSalesDeps> = async (app, { afterSales, tracker, refundProviders }) => {
  app.get(
    `${P}/logistics/info/:a/:b`,
    {
      config: session,
      schema: {
        tags,
        summary:
          "Tracking of a parcel of the caller's (their return shipment, or a goods order's parcel) and the goods in it: a = carrier code, b = tracking number (cached)",
        params: logisticsInfoParams,
        querystring: signedOnly,
        response: responses(logisticsInfoSchema, [400, 401, 404, 503]),
      },
    },
    async (request) =>
      ok(await parcelView(app.db, tracker, requireSession(request.session).userId, request.params.a, request.params.b)),
  );

  app.get(
    `${P}/list`,
    {
      config: session,
      schema: {
        tags,
        summary: "The caller's after-sale applications in a tab (ALL, PROCESSING, DONE, CLOSED), newest first",
        querystring: afterSaleListQuery,
        response: responses(afterSaleListInfo, [400, 401]),
      },
    },
    async (request) => {
      const s = requireSession(request.session);
      const { tab, page, perSize } = request.query;
      return ok(await listApplications(app.db, { userId: s.userId, tab, page, perSize }));
    },
  );

  app.get(
    `${P}/record`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Negotiation history of an application: every message and decision of both sides, oldest first',
        querystring: afterSaleRecordQuery,
        response: responses(afterSaleRecordInfo, [400, 401, 404]),
      },
    },
    async (request) =>
      ok(await customerRecords(app.db, requireSession(request.session).userId, request.query.applicationNo)),
  );

  app.get(
    `${P}/:id`,
    {
      config: session,
      schema: {
        tags,
        summary: 'One application of the caller: progress, return address, logistics, history',
        params: afterSaleIdParams,
        querystring: signedOnly,
        response: responses(afterSaleDetailSchema, [400, 401, 404]),
      },
    },
    async (request) => {
      const { userId } = requireSession(request.session);
      // The refund-check: a refund no notification settled is asked about at its provider (as the order's pay-check).
      return ok(
        await checkedCustomerDetail(app.db, refundProviders, {
          userId,
          applicationNo: request.params.id,
          config: afterSales,
          log: request.log,
        }),
      );
    },
  );

  for (const path of [`${P}/logistics`, `${P}/logistics/update`]) {
    app.post(
      path,
      {
        config: session,
        schema: {
          tags,
          summary:
            'Write (or correct) the return tracking number: carrier from the list, number checked per carrier; until the merchant receives the goods',
          body: logisticsBody,
          response: responses(z.null(), [400, 401, 404, 409]),
        },
      },
      async (request) => {
        await saveLogistics(app.db, requireSession(request.session).userId, request.body);
        return ok(null);
      },
    );
  }

  app.post(
    `${P}/refund/refer`,
    {
      config: session,
      schema: {
        tags,
        summary: 'What an application on this order may ask: paid payments, what each can still refund, reasons',
        body: afterSaleReferBody,
        response: responses(afterSaleReferInfo, [400, 401, 404]),
      },
    },
    async (request) =>
      ok(
        await referInfo(
          app.db,
          requireSession(request.session).userId,
          request.body.orderNo,
          request.body.applicationNo,
        ),
      ),
  );

  const apply =
    (courseOnly: boolean) =>
    async (request: { session: Parameters<typeof requireSession>[0]; body: z.infer<typeof afterSaleApplyBody> }) =>
      ok(await applyForRefund(app.db, app.storage, requireSession(request.session), request.body, { courseOnly }));

  app.post(
    `${P}/refund/apply`,
    {
      config: session,
      schema: {
        tags,
        summary:
          'Apply for a refund (whole or part: payments, amount up to what they can still refund, reason, description, up to 6 own images)',
        body: afterSaleApplyBody,
        response: responses(afterSaleApplyInfo, [400, 401, 404, 409]),
      },
    },
    apply(false),
  );
  app.post(
    '/front/v2/client/course/order/after/submit',
    {
      config: session,
      schema: {
        tags,
        summary: 'Apply for a refund of a course order (same as refund/apply, course orders only)',
        body: afterSaleApplyBody,
        response: responses(afterSaleApplyInfo, [400, 401, 404, 409]),
      },
    },
    apply(true),
  );

  app.post(
    `${P}/edit`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Edit a pending application (before the merchant decides)',
        body: afterSaleEditBody,
        response: responses(afterSaleApplyInfo, [400, 401, 404, 409]),
      },
    },
    async (request) => ok(await editApplication(app.db, app.storage, requireSession(request.session), request.body)),
  );

  app.post(
    `${P}/refund/cancel/:applicationNo`,
    {
      config: session,
      schema: {
        tags,
        summary: 'Cancel a pending application (or one waiting for the goods)',
        params: applicationNoParams,
        body: signedOnly,
        response: responses(z.null(), [400, 401, 404, 409]),
      },
    },
    async (request) => {
      await cancelApplication(app.db, requireSession(request.session).userId, request.params.applicationNo);
      return ok(null);
    },
  );
};

export default frontRoutes;
