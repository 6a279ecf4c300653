/**
 * Operator accounts under /ops/v1 (in /docs): login (rate-limited per client, lock-out per account), logout, the
 * operator's own record and password, the operators an owner manages, the audit log and the projects the operator
 * may see. Every route but login takes `Authorization: Bearer <session token>` (or the OPS_KEY, runtime/ops-auth.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditList,
  auditQuery,
  changePasswordBody,
  operatorCreateBody,
  operatorIdParams,
  operatorList,
  operatorSchema,
  operatorUpdateBody,
  opsLoginBody,
  opsProjectList,
  opsSession,
} from '@contract/operators';
import type { Config } from '../../config';
import { badRequest, ok, responses } from '../../runtime/http';
import { opsActor, registerOpsAuth } from '../../runtime/ops-auth';
import {
  auditPage,
  changePassword,
  createOperator,
  listOperators,
  login,
  operatorView,
  projectsOf,
  updateOperator,
} from './service';
import { endSession, sessionExpiry } from './sessions';

const security = [{ opsKey: [] }];
const doc = (summary: string) => ({ tags: ['ops'], summary, security });
const bearer = (authorization: string | string[] | undefined) =>
  /^Bearer\s+(.+)$/i.exec(((Array.isArray(authorization) ? authorization[0] : authorization) ?? '').trim())?.[1];

/** A console session's own routes: the OPS_KEY is a script, not an operator with a record or a password. */
const ownSession = (request: Parameters<typeof opsActor>[0]) => {
  const actor = opsActor(request);
  if (actor.operatorId === null) throw badRequest('OPS_KEY 不是运营账号，请用账号登录');
  return { ...actor, operatorId: actor.operatorId, token: bearer(request.headers.authorization) ?? '' };
};

const operatorsOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // No body at all is read as an empty one, so the answer names the missing field.
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
  });

  app.post(
    '/ops/v1/auth/login',
    {
      schema: {
        tags: ['ops'],
        summary: 'Operator login: a session token valid 12 hours from its last use; 5 wrong passwords lock 15 minutes',
        body: opsLoginBody,
        response: responses(opsSession, [400, 401, 403, 429]),
      },
    },
    async (request) => {
      await app.limits.opsLogin(request.ip);
      return ok(await login(app.db, request.body));
    },
  );

  const signedIn: FastifyPluginAsyncZod = async (ops) => {
    registerOpsAuth(ops, config.opsKey);

    ops.post(
      '/ops/v1/auth/logout',
      { schema: { ...doc('End this console session'), response: responses(z.null(), [401]) } },
      async (request) => {
        const token = bearer(request.headers.authorization);
        if (opsActor(request).operatorId !== null && token) await endSession(app.db, token);
        return ok(null);
      },
    );

    ops.get(
      '/ops/v1/auth/me',
      {
        schema: {
          ...doc('The operator of this session (role, projects) and when the session ends'),
          response: responses(opsSession, [400, 401, 403]),
        },
      },
      async (request) => {
        const own = ownSession(request);
        const expiresAt = await sessionExpiry(app.db, own.token);
        return ok({
          token: own.token,
          expiresAt: (expiresAt ?? new Date()).toISOString(),
          operator: await operatorView(app.db, own.operatorId),
        });
      },
    );

    ops.post(
      '/ops/v1/auth/password',
      {
        schema: {
          ...doc("Change one's own password; every other session of the operator ends"),
          body: changePasswordBody,
          response: responses(z.null(), [400, 401, 403]),
        },
      },
      async (request) => {
        const own = ownSession(request);
        await changePassword(app.db, own, request.body, own.token);
        return ok(null);
      },
    );

    ops.get(
      '/ops/v1/operators',
      {
        config: { opsArea: 'operators' },
        schema: { ...doc('Every operator (owner only)'), response: responses(operatorList, [401, 403]) },
      },
      async () => ok({ list: await listOperators(app.db) }),
    );

    ops.post(
      '/ops/v1/operators',
      {
        config: { opsArea: 'operators' },
        schema: {
          ...doc('Create an operator with a role and the projects it may see (owner only)'),
          body: operatorCreateBody,
          response: responses(operatorSchema, [400, 401, 403, 409]),
        },
      },
      async (request) => ok(await createOperator(app.db, request.body, opsActor(request))),
    );

    ops.patch(
      '/ops/v1/operators/:id',
      {
        config: { opsArea: 'operators' },
        schema: {
          ...doc('Change an operator: name, role, projects, disabled, password (owner only; one owner always stays)'),
          params: operatorIdParams,
          body: operatorUpdateBody,
          response: responses(operatorSchema, [400, 401, 403, 404, 409]),
        },
      },
      async (request) => ok(await updateOperator(app.db, request.params.id, request.body, opsActor(request))),
    );

    ops.get(
      '/ops/v1/audit',
      {
        config: { opsArea: 'audit' },
        schema: {
          ...doc('The audit log, newest first: who changed what, when, before and after (owner and finance)'),
          querystring: auditQuery,
          response: responses(auditList, [400, 401, 403]),
        },
      },
      async (request) => ok(await auditPage(app.db, opsActor(request), request.query)),
    );

    ops.get(
      '/ops/v1/projects',
      {
        schema: {
          ...doc('The projects this operator may see (projectSn and name), for the console'),
          response: responses(opsProjectList, [401, 403]),
        },
      },
      async (request) => ok({ list: await projectsOf(app.db, opsActor(request)) }),
    );
  };
  await app.register(signedIn);
};

export default operatorsOpsRoutes;
