/** Collect forms (§7 Forms): the form, its commit, and the optional SMS phone check. Every call needs a session. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  formCommitBody,
  formCommitInfo,
  formDetailQuery,
  formDetailSchema,
  formPhoneCodeBody,
  formPhoneCodeInfo,
  formSnParams,
} from '@contract/form';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { commitForm, formDetail, sendPhoneCheckCode } from './service';
import type { SmsProvider } from '../auth/providers/sms';

const tags = ['form'];

const formRoutes: FastifyPluginAsyncZod<{ sms: SmsProvider }> = async (app, { sms }) => {
  app.get(
    '/front/v1/form/detail/:formSn',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary: 'A collect form: fields with their input types, placeholders and limits (§5)',
        params: formSnParams,
        querystring: formDetailQuery,
        response: responses(formDetailSchema, [400, 401, 404]),
      },
    },
    async (request) => ok(await formDetail(app.db, request.params.formSn, requireSession(request.session))),
  );

  app.post(
    '/front/v1/form/commit',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary:
          'Submit a form; a bad field answers 400 with its §5 message and its nKey in info; once-per-customer forms answer 409 the second time',
        body: formCommitBody,
        response: responses(formCommitInfo, [400, 401, 403, 404, 409, 429]),
      },
    },
    // Wrong codes count against the phone's daily budget, as at login (runtime/limits.ts).
    async (request) => ok(await commitForm(app.db, requireSession(request.session), request.body, app.limits)),
  );

  app.post(
    '/front/v1/form/send/phone_check_code',
    {
      config: { session: 'required' },
      schema: {
        tags,
        summary: "Send the SMS code that confirms the form's phone (same code rules and limits as login)",
        body: formPhoneCodeBody,
        response: responses(formPhoneCodeInfo, [400, 401, 404, 429]),
      },
    },
    async (request) => {
      const { formSn, phone } = request.body;
      return ok(
        await sendPhoneCheckCode(app.db, sms, app.limits, {
          formSn,
          phone,
          session: requireSession(request.session),
          ip: request.ip,
        }),
      );
    },
  );
};

export default formRoutes;
