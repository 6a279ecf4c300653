/**
 * 访问控制 under /ops/v1/access-blocks (area 'pages': whoever dresses the store's pages may close them): a project's
 * blocks, a new block of the project, a page or a customer, and lifting one. Every change is audited; the service
 * invalidates the project's cached list, so the storefront sees the change on its next navigation.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  opsAccessBlock,
  opsAccessBlockCreate,
  opsAccessBlockList,
  opsAccessBlockParams,
  opsAccessListQuery,
} from '@contract/access';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { opsActor, registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { createBlock, deleteBlock, listBlocks } from './service';

const security = [{ opsKey: [] }];

const accessOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  registerOpsAuth(app, config.opsKey, { area: 'pages' });
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
  });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.get(
    '/ops/v1/access-blocks',
    {
      schema: {
        ...doc('访问控制: the blocks of a project (whole project, pages, customers), oldest first'),
        querystring: opsAccessListQuery,
        response: responses(opsAccessBlockList, [400, 401, 403]),
      },
    },
    async (request) => ok({ list: await listBlocks(app.db, request.query.projectSn) }),
  );

  app.post(
    '/ops/v1/access-blocks',
    {
      schema: {
        ...doc('Block a project (closed for maintenance), a storefront page or a customer, with reason and end'),
        body: opsAccessBlockCreate,
        response: responses(opsAccessBlock, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const block = await createBlock(app.db, request.body, opsActor(request).actor);
      await auditOps(request, {
        action: 'access.block.create',
        projectSn: block.projectSn,
        target: `access:${block.blockSn}`,
        before: null,
        after: block,
      });
      return ok(block);
    },
  );

  app.post(
    '/ops/v1/access-blocks/:blockSn/delete',
    {
      config: { opsProject: opsProjectOf.accessBlock('blockSn') },
      schema: {
        ...doc('Lift a block: access comes back at once'),
        params: opsAccessBlockParams,
        response: responses(opsAccessBlock, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const block = await deleteBlock(app.db, request.params.blockSn);
      await auditOps(request, {
        action: 'access.block.delete',
        projectSn: block.projectSn,
        target: `access:${block.blockSn}`,
        before: block,
        after: null,
      });
      return ok(block);
    },
  );
};

export default accessOpsRoutes;
