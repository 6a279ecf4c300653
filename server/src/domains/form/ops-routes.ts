/**
 * Operator routes of forms (/ops/forms; the console's 表单 page or the OPS_KEY, runtime/ops-auth.ts): create a
 * form, list a project's forms, read a form's submissions as JSON or CSV.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formSnParams,
  opsFormBody,
  opsFormList,
  opsFormSummary,
  opsProjectQuery,
  opsSubmissionList,
} from '@contract/form';
import { formatChinaTime } from '@contract/rules/china-time';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { CSV_TYPE, csvAttachment, toCsv } from '../../runtime/csv';
import { createForm, listForms, listSubmissions } from './service';

const security = [{ opsKey: [] }];

const formOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  registerOpsAuth(app, config.opsKey, { area: 'forms' });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.post(
    '/ops/forms',
    {
      schema: {
        ...doc('Create a collect form (fields by keyName; nKeys are made by the server)'),
        body: opsFormBody,
        response: responses(opsFormSummary, [400, 401, 404]),
      },
    },
    async (request) => {
      const row = await createForm(app.db, request.body);
      const [summary] = (await listForms(app.db, row.projectSn)).filter((f) => f.formSn === row.formSn);
      await auditOps(request, {
        action: 'form.create',
        projectSn: row.projectSn,
        target: `form:${row.formSn}`,
        after: { ...summary, fields: request.body.fields },
      });
      return ok(summary);
    },
  );

  app.get(
    '/ops/forms',
    {
      schema: {
        ...doc('Forms of a project with their submission counts'),
        querystring: opsProjectQuery,
        response: responses(opsFormList, [400, 401]),
      },
    },
    async (request) => ok({ list: await listForms(app.db, request.query.projectSn) }),
  );

  app.get(
    '/ops/forms/:formSn/submissions',
    {
      config: { opsProject: opsProjectOf.form('formSn') },
      schema: {
        ...doc('Submissions of a form, newest first'),
        params: formSnParams,
        response: responses(opsSubmissionList, [400, 401, 404]),
      },
    },
    async (request) => ok({ list: (await listSubmissions(app.db, request.params.formSn)).list }),
  );

  app.get(
    '/ops/forms/:formSn/submissions.csv',
    {
      config: { opsProject: opsProjectOf.form('formSn') },
      schema: {
        ...doc('Submissions of a form as CSV (one column per field label, times in China time)'),
        params: formSnParams,
      },
    },
    async (request, reply) => {
      const { form, list } = await listSubmissions(app.db, request.params.formSn);
      const header = ['提交编号', '提交时间', '用户手机号', ...form.fields.map((f) => f.label), '来源类型', '来源编号'];
      const rows = list.map((s) => [
        s.submissionSn,
        formatChinaTime(s.createdAt),
        s.phone,
        ...form.fields.map((f) => s.values[f.nKey] ?? ''),
        s.sourceType,
        s.targetSn,
      ]);
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', csvAttachment(`form-${form.formSn}.csv`))
        .send(toCsv(header, rows));
    },
  );
};

export default formOpsRoutes;
