/**
 * Builds the Fastify app: zod compilers, then plugins (db, errors, signature, auth, docs, static files),
 * then one route plugin per domain. The caller owns the database (opens, migrates, closes it).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { registerAuth } from './plugins/auth';
import { registerDb, type Db } from './plugins/db';
import { registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerLimits } from './plugins/limits';
import { serverOptions } from './plugins/server-options';
import { registerSignature } from './plugins/signature';
import { registerStatic } from './plugins/static';
import { registerStorage } from './plugins/storage';
import activityRoutes from './routes/activity';
import addressRoutes from './routes/address';
import afterSalesRoutes from './routes/after-sales';
import authRoutes from './routes/auth';
import miniLoginRoutes from './routes/auth/mini-login';
import cardRoutes from './routes/card';
import couponRoutes from './routes/coupon';
import earningsRoutes from './routes/earnings';
import entranceRoutes from './routes/entrance';
import feedbackRoutes from './routes/feedback';
import formRoutes from './routes/form';
import integralRoutes from './routes/integral';
import orderRoutes from './routes/order';
import pagesRoutes from './routes/pages';
import paymentRoutes from './routes/payment';
import couponOpsRoutes from './routes/ops/coupons';
import formOpsRoutes from './routes/ops/forms';
import sandboxRoutes, { type NotifySender } from './routes/sandbox';
import shippingRoutes from './routes/shipping';
import uploadRoutes from './routes/upload';
import userExtrasRoutes from './routes/user-extras';
import userRoutes from './routes/user';
import userSummaryRoutes from './routes/user/summary';
import wechatRoutes from './routes/wechat';
import wechatOAuthRoutes from './routes/auth/wechat-oauth';
import { deploymentOf } from './runtime/deployment';
import type { Limiter } from './services/limiter';
import { createSmsProvider, type SmsProvider } from './services/sms';
import { createStorageProvider, type StorageProvider } from './services/storage';
import type { QrEncoder } from './services/qrcode';
import { hasOfficialAccount } from './services/wechat';

export interface BuildAppOptions {
  config: Config;
  db: Db;
  /** Defaults to the provider SMS_PROVIDER names; tests pass one that records codes. */
  sms?: SmsProvider;
  /** Defaults to a logger at config.logLevel; tests pass false. */
  logger?: boolean;
  /** Where the log goes (default stdout); tests read it. */
  logStream?: NodeJS.WritableStream;
  /** Rate-limit counters; defaults to the deployment's (runtime/deployment.ts). */
  limiter?: Limiter;
  /** Sandbox cashier: how its notification reaches /pay/notify/sandbox (default: HTTP to the listening address). */
  notifySender?: NotifySender;
  /** Image storage; defaults to the server's own POST-policy host, or OSS when configured (services/storage.ts). */
  storage?: StorageProvider;
  /** QR images (/api/text2QrCode); defaults to the qrcode package when installed (services/qrcode.ts). */
  qrEncoder?: QrEncoder | null;
}

export async function buildApp({ config, db, sms, logger, logStream, limiter, notifySender, storage, qrEncoder }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, { enabled: logger !== false, level: config.logLevel, stream: logStream }));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerDb(app, db);
  registerErrorHandler(app);
  registerInputGuard(app);
  const deployment = deploymentOf(db);
  registerLimits(app, config.limits, limiter ?? deployment.limiter);
  registerSignature(app, { signKey: config.signKey, nonceStore: deployment.nonceStore });
  registerAuth(app, db);
  registerStorage(app, storage ?? createStorageProvider(config));

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Storefront API',
        description:
          'Reference server of the storefront. Every /front and /api call is signed (timestamp, nonceStr, sign; ' +
          'see contract/signature.ts) and answers { state, message, info, code? }.',
        version: '0.1.0',
      },
      servers: config.publicBaseUrl ? [{ url: config.publicBaseUrl }] : [],
      // Operator routes (/ops/...) take `Authorization: Bearer <OPS_KEY>`.
      components: { securitySchemes: { opsKey: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  await registerStatic(app, { h5Dist: config.h5Dist });

  const smsProvider = sms ?? createSmsProvider(config, app.log);
  await app.register(entranceRoutes, { sessionTtlDays: config.sessionTtlDays, wechatOfficialAccount: hasOfficialAccount(config.wechatMp) });
  await app.register(userRoutes, { config });
  await app.register(userSummaryRoutes);
  await app.register(authRoutes, { sms: smsProvider, sessionTtlDays: config.sessionTtlDays });
  await app.register(miniLoginRoutes, { config });
  await app.register(pagesRoutes);
  await app.register(addressRoutes);
  await app.register(activityRoutes, { config });
  await app.register(wechatRoutes, { config });
  await app.register(wechatOAuthRoutes, { config });
  await app.register(orderRoutes);
  await app.register(paymentRoutes, { config });
  await app.register(shippingRoutes, { config });
  await app.register(sandboxRoutes, { config, notifySender });
  await app.register(uploadRoutes);
  await app.register(earningsRoutes, { config, sms: smsProvider });
  await app.register(formRoutes, { sms: smsProvider });
  await app.register(feedbackRoutes);
  await app.register(userExtrasRoutes, { qrEncoder });
  await app.register(formOpsRoutes, { config });
  await app.register(couponRoutes);
  await app.register(cardRoutes, { config });
  await app.register(couponOpsRoutes, { config, qrEncoder });
  await app.register(afterSalesRoutes, { config });
  await app.register(integralRoutes, { config });
  return app;
}
