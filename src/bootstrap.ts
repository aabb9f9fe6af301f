import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import express from 'express';
import { Logger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AppModule, type AppOptions } from './app.module.js';
import { loadConfig, type AppConfig } from './config/app.config.js';
import { ensureDatabase, runMigrationsLocked } from './database/migrate.js';
import { listWebhookEventNames } from './modules/webhooks/infrastructure/http/webhook-events.openapi.js';
import { EventCatalogue } from './shared/domain/events/event-catalogue.js';
import { createValidationPipe } from './shared/errors/validation.pipe.js';
import { bodyErrorMiddleware } from './shared/http/body-error.middleware.js';
import { bodyShapeMiddleware } from './shared/http/body-shape.middleware.js';
import { createOpenApiDocument } from './shared/http/openapi-document.js';
import { requestIdMiddleware } from './shared/http/request-id.middleware.js';
import { HttpMetrics } from './shared/metrics/http-metrics.js';

/**
 * The OpenAPI document (Swagger UI, /docs-json, openapi.json): src/shared/http/openapi-document.ts, and the
 * webhook event names of the app's event catalogue (src/events.catalogue.ts) under the subscription bodies.
 */
export function buildOpenApi(app: INestApplication): OpenAPIObject {
  return listWebhookEventNames(createOpenApiDocument(app), app.get(EventCatalogue).webhookEventNames);
}

/** Builds the configured app (used by main, the tests and the OpenAPI generator); does not listen. */
export async function createApp(config: AppConfig = loadConfig(), options: AppOptions = {}): Promise<NestExpressApplication> {
  await ensureDatabase(config.databaseUrl);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.register(config, options), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  // First, so every answer is timed, body-parser refusals included; not installed at all when disabled.
  if (config.metricsEnabled) app.use(app.get(HttpMetrics).middleware);
  app.use(requestIdMiddleware);
  app.use(express.json({ limit: '1mb' }));
  app.use(bodyErrorMiddleware);
  app.use(bodyShapeMiddleware);
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();
  // TRUST_PROXY: off by default; behind a load balancer, its hop count or addresses, so `req.ip` (the
  // source address the credential-check budgets count under) is the client's, not the proxy's.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // No ETag: every answer is about money that moves, so none is served from a cache or revalidated, and
  // hashing each body (SHA-1) is work no client uses.
  app.set('etag', false);
  if (config.nodeEnv === 'production' && config.pixProvider === 'sandbox') {
    app.get(Logger).warn('PIX_PROVIDER=sandbox in production: payments, deposits and keys are SIMULATED; no real money moves');
  }
  if (config.migrationsRun) await runMigrationsLocked(app.get(DataSource));
  SwaggerModule.setup('docs', app, () => buildOpenApi(app), { jsonDocumentUrl: 'docs-json' });
  return app;
}
