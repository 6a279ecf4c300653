/**
 * Builds the Fastify app: zod compilers, then plugins (db, errors, signature, auth, docs, static files),
 * then one route plugin per domain. The caller owns the database (opens, migrates, closes it).
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { registerAuth } from './runtime/auth';
import { registerDb, type Db } from './runtime/database/plugin';
import { registerErrorHandler } from './runtime/errors';
import { registerHealth } from './runtime/health';
import { registerInputGuard } from './runtime/input-guard';
import { registerLimits } from './runtime/limits-plugin';
import { responseSerializerCompiler } from './runtime/serializer';
import { serverOptions } from './runtime/server-options';
import { registerSignature } from './runtime/signature';
import { registerStatic } from './runtime/static';
import { registerAdminStatic } from './runtime/admin-static';
import { registerStorage } from './domains/upload/storage-plugin';
import activityRoutes from './domains/activity/routes';
import addressRoutes from './domains/address/routes';
import afterSalesRoutes from './domains/after-sales/routes';
import authRoutes from './domains/auth/routes';
import miniLoginRoutes from './domains/auth/mini-login-routes';
import cardRoutes from './domains/card/routes';
import couponRoutes from './domains/coupon/routes';
import earningsRoutes from './domains/earnings/routes';
import entranceRoutes from './domains/entrance/routes';
import feedbackRoutes from './domains/feedback/routes';
import formRoutes from './domains/form/routes';
import integralRoutes from './domains/integral/routes';
import integralOpsRoutes from './domains/integral/ops-routes';
import orderRoutes from './domains/order/routes';
import opsOrdersRoutes from './domains/order/ops-orders-routes';
import pagesRoutes from './domains/pages/routes';
import pagesOpsRoutes from './domains/pages/ops-routes';
import catalogueOpsRoutes from './domains/activity/ops-routes';
import catalogueExtrasOpsRoutes from './domains/activity/ops-extras-routes';
import storeSettingsOpsRoutes from './domains/store-settings/ops-routes';
import paymentRoutes from './domains/payment/routes';
import couponOpsRoutes from './domains/coupon/ops-routes';
import formOpsRoutes from './domains/form/ops-routes';
import feedbackOpsRoutes from './domains/feedback/ops-routes';
import operatorsOpsRoutes from './domains/operators/ops-routes';
import accessRoutes from './domains/access/routes';
import accessOpsRoutes from './domains/access/ops-routes';
import shippingRoutes from './domains/shipping/routes';
import uploadRoutes from './domains/upload/routes';
import userExtrasRoutes from './domains/user/extras-routes';
import userRoutes from './domains/user/routes';
import userSummaryRoutes from './domains/user/summary-routes';
import wechatRoutes from './domains/wechat/routes';
import wechatOAuthRoutes from './domains/auth/wechat-oauth-routes';
import notificationRoutes from './domains/notification/routes';
import { deploymentOf } from './runtime/deployment';
import type { NotifySender } from './runtime/self-sender';
import { createPaymentProviders } from './domains/payment/providers';
import type { Limiter } from './runtime/limiter';
import { createSmsProvider, type SmsProvider } from './domains/auth/providers/sms';
import { createStorageProvider, type StorageProvider } from './domains/upload/service';
import type { QrEncoder } from './runtime/qrcode';
import { hasOfficialAccount } from './domains/wechat/service';

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
  /**
   * Image storage; defaults to the server's own POST-policy host, or OSS when configured (domains/upload/service.ts).
   */
  storage?: StorageProvider;
  /** QR images (/api/text2QrCode); defaults to the qrcode package when installed (runtime/qrcode.ts). */
  qrEncoder?: QrEncoder | null;
  /** Run the notification sweep in this process (main.ts does; tests drive it themselves). */
  notificationSweep?: boolean;
}

export async function buildApp({
  config,
  db,
  sms,
  logger,
  logStream,
  limiter,
  notifySender,
  storage,
  qrEncoder,
  notificationSweep,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, { enabled: logger !== false, level: config.logLevel, stream: logStream }));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler());

  registerDb(app, db);
  registerErrorHandler(app);
  registerInputGuard(app);
  const deployment = deploymentOf(db);
  registerLimits(app, config.limits, limiter ?? deployment.limiter);
  registerSignature(app, { signKey: config.signKey, nonceStore: deployment.nonceStore });
  registerAuth(app, db);
  registerStorage(app, storage ?? createStorageProvider(config));
  registerHealth(app, db);

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
      // Operator routes (/ops/...) take `Authorization: Bearer <session token>` (or <OPS_KEY> for scripts).
      components: { securitySchemes: { opsKey: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  await registerStatic(app, { h5Dist: config.h5Dist });
  await registerAdminStatic(app, { adminDist: config.adminDist });

  const smsProvider = sms ?? createSmsProvider(config, app.log);
  await app.register(entranceRoutes, {
    sessionTtlDays: config.sessionTtlDays,
    wechatOfficialAccount: hasOfficialAccount(config.wechatMp),
  });
  await app.register(userRoutes, { config });
  await app.register(userSummaryRoutes);
  await app.register(authRoutes, { sms: smsProvider, sessionTtlDays: config.sessionTtlDays });
  await app.register(miniLoginRoutes, { config });
  await app.register(pagesRoutes);
  await app.register(addressRoutes);
  await app.register(activityRoutes, { config });
  await app.register(wechatRoutes, { config });
  await app.register(wechatOAuthRoutes, { config });
  // One set of payment providers: paying asks them, and so do an order's detail (pay-check) and cancel.
  const paymentProviders = createPaymentProviders(config);
  await app.register(orderRoutes, { config, providers: paymentProviders });
  await app.register(opsOrdersRoutes, { config, providers: paymentProviders });
  await app.register(paymentRoutes, { config, providers: paymentProviders, notifySender });
  await app.register(shippingRoutes, { config });
  await app.register(uploadRoutes);
  await app.register(earningsRoutes, { config, sms: smsProvider });
  await app.register(formRoutes, { sms: smsProvider });
  await app.register(feedbackRoutes);
  await app.register(userExtrasRoutes, { qrEncoder });
  await app.register(operatorsOpsRoutes, { config });
  await app.register(formOpsRoutes, { config });
  await app.register(feedbackOpsRoutes, { config });
  await app.register(pagesOpsRoutes, { config });
  await app.register(accessRoutes);
  await app.register(accessOpsRoutes, { config });
  await app.register(catalogueOpsRoutes, { config });
  await app.register(catalogueExtrasOpsRoutes, { config });
  await app.register(storeSettingsOpsRoutes, { config });
  await app.register(couponRoutes);
  await app.register(cardRoutes, { config });
  await app.register(couponOpsRoutes, { config, qrEncoder });
  await app.register(afterSalesRoutes, { config });
  await app.register(integralRoutes, { config });
  await app.register(integralOpsRoutes, { config });
  await app.register(notificationRoutes, { config, sms: smsProvider, sweep: notificationSweep });
  return app;
}
