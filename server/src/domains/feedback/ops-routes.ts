/**
 * Operator routes of feedback (/ops/feedback; the console's 意见反馈 page or the OPS_KEY, runtime/ops-auth.ts): a
 * project's feedback as JSON or CSV, by status, and marking one handled.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FEEDBACK_STATUS_TEXT,
  opsFeedbackHandleBody,
  opsFeedbackItem,
  opsFeedbackList,
  opsFeedbackParams,
  opsFeedbackQuery,
} from '@contract/feedback';
import { formatChinaTime } from '@contract/rules/china-time';
import type { Config } from '../../config';
import { ok, responses } from '../../runtime/http';
import { auditOps } from '../../runtime/audit';
import { opsActor, registerOpsAuth } from '../../runtime/ops-auth';
import { opsProjectOf } from '../../runtime/ops-scope';
import { CSV_TYPE, csvAttachment, toCsv } from '../../runtime/csv';
import { listFeedback, markFeedbackHandled, opsFeedback } from './service';

const security = [{ opsKey: [] }];

const feedbackOpsRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  registerOpsAuth(app, config.opsKey, { area: 'feedback' });
  // As every operator POST: no body at all is read as an empty one (the note is optional).
  app.addHook('preValidation', async (request) => {
    if (request.method === 'POST' && (request.body === undefined || request.body === null)) request.body = {};
  });
  const doc = (summary: string) => ({ tags: ['ops'], summary, security });

  app.get(
    '/ops/feedback',
    {
      schema: {
        ...doc('Feedback of a project, newest first (status filters)'),
        querystring: opsFeedbackQuery,
        response: responses(opsFeedbackList, [400, 401]),
      },
    },
    async (request) => ok({ list: await listFeedback(app.db, request.query.projectSn, request.query.status) }),
  );

  app.get(
    '/ops/feedback.csv',
    { schema: { ...doc('Feedback of a project as CSV (times in China time)'), querystring: opsFeedbackQuery } },
    async (request, reply) => {
      const list = await listFeedback(app.db, request.query.projectSn, request.query.status);
      const rows = list.map((f) => [
        f.feedbackSn,
        formatChinaTime(f.createdAt),
        f.phone,
        f.feedbackType,
        f.content,
        f.images.join(' '),
        f.contact,
        FEEDBACK_STATUS_TEXT[f.status],
        f.handleNote,
      ]);
      const header = [
        '反馈编号',
        '提交时间',
        '用户手机号',
        '反馈类型',
        '反馈内容',
        '图片',
        '联系方式',
        '处理状态',
        '处理备注',
      ];
      return reply
        .type(CSV_TYPE)
        .header('content-disposition', csvAttachment(`feedback-${request.query.projectSn}.csv`))
        .send(toCsv(header, rows));
    },
  );

  app.post(
    '/ops/feedback/:feedbackSn/handle',
    {
      config: { opsProject: opsProjectOf.feedback('feedbackSn') },
      schema: {
        ...doc('Mark a feedback handled, with an optional note for the other operators'),
        params: opsFeedbackParams,
        body: opsFeedbackHandleBody,
        response: responses(opsFeedbackItem, [400, 401, 404]),
      },
    },
    async (request) => {
      const { feedbackSn } = request.params;
      const before = await opsFeedback(app.db, feedbackSn);
      const after = await markFeedbackHandled(app.db, feedbackSn, opsActor(request).actor, request.body.note);
      await auditOps(request, {
        action: 'feedback.handle',
        projectSn: await opsProjectOf.feedback('feedbackSn')(request),
        target: `feedback:${feedbackSn}`,
        before,
        after,
      });
      return ok(after);
    },
  );
};

export default feedbackOpsRoutes;
