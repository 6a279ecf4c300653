/** Feedback (§7 user service /front/v1/feedback/submit). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { feedbackSubmitBody, feedbackSubmitInfo } from '@contract/feedback';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { submitFeedback } from './service';

const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/front/v1/feedback/submit',
    {
      config: { session: 'required' },
      schema: {
        tags: ['feedback'],
        summary: 'Send feedback: type, text, up to 6 images uploaded through /front/oss/sign, contact',
        body: feedbackSubmitBody,
        response: responses(feedbackSubmitInfo, [400, 401, 403]),
      },
    },
    async (request) => ok(await submitFeedback(app.db, app.storage, requireSession(request.session), request.body)),
  );
};

export default feedbackRoutes;
