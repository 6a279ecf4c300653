/**
 * Operator routes of feedback (/ops/feedback; bearer OPS_KEY, runtime/ops-auth.ts): a project's feedback as JSON or
 * CSV.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { opsFeedbackList, opsFeedbackQuery } from '@contract/feedback';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { registerOpsAuth } from '../../runtime/ops-auth';
import { CSV_TYPE, csvAttachment, toCsv } from '../../runtime/csv';
import { listFeedback } from './service';

const security = [{ opsKey: [] }];

const feedbackOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  registerOpsAuth(app, config.opsKey, { area: 'feedback' });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.get(
    '/ops/feedback',
    {
      schema: {
        ...doc('Feedback of a project, newest first'),
        querystring: opsFeedbackQuery,
        response: responses(opsFeedbackList, [400, 401]),
      },
    },
    async (request) => ok({ list: await listFeedback(app.db, request.query.projectSn) }),
  );

  app.get(
    '/ops/feedback.csv',
    { schema: { ...doc('Feedback of a project as CSV'), querystring: opsFeedbackQuery } },
    async (request, reply) => {
      const list = await listFeedback(app.db, request.query.projectSn);
      const rows = list.map((f) => [
        f.feedbackSn,
        f.createdAt,
        f.phone,
        f.feedbackType,
        f.content,
        f.images.join(' '),
        f.contact,
      ]);
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', csvAttachment(`feedback-${request.query.projectSn}.csv`))
        .send(toCsv(['反馈编号', '提交时间', '用户手机号', '反馈类型', '反馈内容', '图片', '联系方式'], rows));
    },
  );
};

export default feedbackOpsRoutes;
