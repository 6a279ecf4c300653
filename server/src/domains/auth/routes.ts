/** Auth service: SMS verification code and phone login, both GET as the spec lists them (§7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { phoneLoginInfo, phoneLoginQuery, verificationCodeInfo, verificationCodeQuery } from '@contract/auth';
import { ok, responses } from '../../runtime/http';
import { requireSession } from '../../runtime/auth';
import { issueCode, loginWithCode } from './phone-login';
import type { SmsProvider } from './providers/sms';

export interface AuthRoutesOptions {
  sms: SmsProvider;
  sessionTtlDays: number;
}

const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  app.get(
    '/api/user/phone/verification/code',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Send a 6-digit code (valid 5 minutes, one per phone per minute); demo mode prints it to the server log',
        querystring: verificationCodeQuery,
        response: responses(verificationCodeInfo, [400, 429]),
      },
    },
    async (request) => {
      // Per client, server-wide and per phone (runtime/limits.ts), then the one-per-minute rule.
      await app.limits.smsSend(request.ip, request.query.phone);
      const sent = await issueCode(app.db, options.sms, request.query.phone);
      await app.limits.codeSent(request.query.phone);
      return ok(sent);
    },
  );

  app.get(
    '/api/user/phone/login',
    {
      config: { session: 'required' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with the code; the visitor session is replaced by a new token',
        querystring: phoneLoginQuery,
        response: responses(phoneLoginInfo, [400, 401, 429]),
      },
    },
    async (request) => {
      // Wrong guesses are limited per phone per day, so a fresh code does not bring fresh guesses.
      await app.limits.guess(request.query.phone);
      const answer = await loginWithCode(app.db, {
        session: requireSession(request.session),
        phone: request.query.phone,
        code: request.query.code,
        ttlDays: options.sessionTtlDays,
      });
      await app.limits.guessSucceeded(request.query.phone);
      return ok(answer);
    },
  );
};

export default authRoutes;
