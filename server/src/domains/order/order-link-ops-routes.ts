/**
 * 下单链接 under /ops/v1/order-links (operator session or OPS_KEY, area 'orders': owner and operator issue and void,
 * every role that reads orders sees them): the courses and prices a link may offer, the project's links with their
 * state, issuing one (its URL and QR code answered once: the server keeps only the token's hash) and voiding one.
 * Every change is audited, never with the token.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsOrderLinkBody,
  opsOrderLinkIssued,
  opsOrderLinkItems,
  opsOrderLinkList,
  opsOrderLinkParams,
  opsOrderLinkQuery,
  opsOrderLinkSchema,
} from '@contract/order-link';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { opsActor, registerOpsAuth } from '../../runtime/ops-auth';
import { loadQrEncoder, type QrEncoder } from '../../runtime/qrcode';
import {
  issueOrderLink,
  listOrderLinks,
  orderLinkItems,
  orderLinkProject,
  orderLinkUrl,
  voidOrderLink,
} from './order-links';

const security = [{ opsKey: [] }];

/** qrEncoder: tests pass one (or null for "not installed"); by default the qrcode library, when installed. */
const orderLinkOpsRoutes: FastifyPluginAsyncZod<{ config: Config; qrEncoder?: QrEncoder | null }> = async (
  app,
  { config, qrEncoder },
) => {
  registerOpsAuth(app, config.opsKey, { area: 'orders' });
  const encoder = qrEncoder !== undefined ? qrEncoder : await loadQrEncoder();
  // As every operator POST: no body at all is read as an empty one, so the answer names the missing field.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
  });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.get(
    '/ops/v1/order-links/items',
    {
      schema: {
        ...doc('下单链接: the project’s courses on sale and the prices a link may offer (each package, or 售价), fen'),
        querystring: opsOrderLinkQuery,
        response: responses(opsOrderLinkItems, [400, 401, 403]),
      },
    },
    async (request) => ok({ list: await orderLinkItems(app.db, request.query.projectSn) }),
  );

  app.get(
    '/ops/v1/order-links',
    {
      schema: {
        ...doc('下单链接 of a project, newest first, with their state (未使用 / 已下单 / 已过期 / 已作废)'),
        querystring: opsOrderLinkQuery,
        response: responses(opsOrderLinkList, [400, 401, 403]),
      },
    },
    async (request) => ok({ list: await listOrderLinks(app.db, request.query.projectSn) }),
  );

  app.post(
    '/ops/v1/order-links',
    {
      schema: {
        ...doc(
          'Issue a single-use order link for one customer (phone), one course at one of its prices, until an expiry; ' +
            'the URL (and its QR code) is answered only here',
        ),
        body: opsOrderLinkBody,
        response: responses(opsOrderLinkIssued, [400, 401, 403]),
      },
    },
    async (request) => {
      const { link, token } = await issueOrderLink(app.db, request.body, opsActor(request).actor);
      const url = orderLinkUrl(config.publicBaseUrl, link.projectSn, token);
      await auditOps(request, {
        action: 'order.link.issue',
        projectSn: link.projectSn,
        target: `order-link:${link.linkSn}`,
        after: link,
      });
      return ok({ link, url, qr: encoder ? await encoder.toDataUrl(url) : null });
    },
  );

  app.post(
    '/ops/v1/order-links/:linkSn/void',
    {
      config: { opsProject: (request) => orderLinkProject(app.db, (request.params as { linkSn: string }).linkSn) },
      schema: {
        ...doc('Void an unused order link: opening it answers §8 1002 from now on; a used link cannot be voided'),
        params: opsOrderLinkParams,
        response: responses(opsOrderLinkSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { before, after } = await voidOrderLink(app.db, request.params.linkSn, opsActor(request).actor);
      await auditOps(request, {
        action: 'order.link.void',
        projectSn: after.projectSn,
        target: `order-link:${after.linkSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );
};

export default orderLinkOpsRoutes;
