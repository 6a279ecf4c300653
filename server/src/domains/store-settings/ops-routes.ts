/**
 * Operator routes of a project's store settings (area settings: the owner changes, operator and finance read): the
 * theme, the customer service line and the agreement texts. Every change is audited with before and after; a theme
 * change drops the project's read models (the entrance reads the project enum from them), the service line and
 * agreements are read live by the storefront, so the next request shows them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agreementBody,
  agreementParams,
  storeAgreementSchema,
  storeSettingsBody,
  storeSettingsParams,
  storeSettingsSchema,
} from '@contract/ops-store-settings';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { opsActor, registerOpsAuth } from '../../runtime/ops-auth';
import { invalidateReadModels } from '../../runtime/read-cache';
import { readStoreSettings, updateAgreement, updateStoreSettings } from './service';

const security = [{ opsKey: [] }];
const byProject = {
  opsProject: async (request: { params: unknown }) => (request.params as { projectSn: string }).projectSn,
};

const storeSettingsOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  registerOpsAuth(app, config.opsKey, { area: 'settings' });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.get(
    '/ops/v1/projects/:projectSn/store-settings',
    {
      config: byProject,
      schema: {
        ...doc("A project's theme, customer service line and the agreements its storefront shows"),
        params: storeSettingsParams,
        response: responses(storeSettingsSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await readStoreSettings(app.db, request.params.projectSn, opsActor(request).projectSns)),
  );

  app.put(
    '/ops/v1/projects/:projectSn/store-settings',
    {
      config: byProject,
      schema: {
        ...doc("Save a project's theme and customer service line"),
        params: storeSettingsParams,
        body: storeSettingsBody,
        response: responses(storeSettingsSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { projectSn } = request.params;
      const scope = opsActor(request).projectSns;
      const { before, after, settings } = await updateStoreSettings(app.db, projectSn, request.body, scope);
      invalidateReadModels(app.db, projectSn);
      await auditOps(request, {
        action: 'project.store-settings.update',
        projectSn,
        target: `project:${projectSn}`,
        before,
        after,
      });
      return ok(settings);
    },
  );

  app.put(
    '/ops/v1/projects/:projectSn/agreements/:agreementSn',
    {
      config: byProject,
      schema: {
        ...doc("Save the text of an agreement the project's storefront shows (plain text, shown line by line)"),
        params: agreementParams,
        body: agreementBody,
        response: responses(storeAgreementSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { projectSn, agreementSn } = request.params;
      const scope = opsActor(request).projectSns;
      const { before, after, agreement } = await updateAgreement(app.db, projectSn, agreementSn, request.body, scope);
      await auditOps(request, {
        action: 'project.agreement.update',
        projectSn,
        target: `agreement:${agreementSn}`,
        before,
        after,
      });
      return ok(agreement);
    },
  );
};

export default storeSettingsOpsRoutes;
