/**
 * Builds the HTTP application exactly as production runs it; main.ts and the HTTP tests both
 * call this, so tests exercise the real plugins, filters and static serving.
 */
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { fastify as createFastify } from 'fastify';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIMITS } from '@studio/shared';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { toErrorBody } from './common/errors/error-body';
import { registerEarlyAnswers } from './common/early-answer';
import { multipartPlugin } from './common/multipart';
import { registerHttpCache } from './common/http-cache';
import { registerSecurityHeaders } from './common/security-headers';
import { createRootLogger, DestinationStream, flushLogs, NestPinoLogger } from './common/logging/app-logger';
import { registerRequestLog } from './common/logging/request-log.hook';
import { createValidationPipe } from './common/validation';
import { registerInputGuard } from './common/input/input-guard.hook';
import { registerSameOriginCheck } from './common/csrf/same-origin.hook';
import { registerSessionRefresh } from './auth/session-refresh.hook';
import { SessionsService } from './sessions/sessions.service';
import { setupOpenApi } from './openapi/openapi';
import { registerHttpMetrics } from './metrics/metrics';
import { requestIdGenerator, traceLogFields } from './telemetry/tracing';

const YEAR = 'public, max-age=31536000, immutable';

/** Hashed build files never change; the entry points must always be revalidated. */
export function cacheControlFor(filePath: string): string {
  return /(remoteEntry\.js|\.html|mf-manifest\.json)(\.gz|\.br)?$/.test(filePath) ? 'no-cache' : YEAR;
}

/**
 * The inline scripts the shell's built pages carry (the loader that starts the app once the first
 * frame is painted), as CSP sources: `'sha256-…'` from shell/dist/pages/manifest.json. None
 * without a build (the plain shell has no inline script).
 */
export function builtPageScriptSources(webRoot: string): string[] {
  const file = join(webRoot, 'shell', 'dist', 'pages', 'manifest.json');
  if (!existsSync(file)) return [];
  try {
    const { scriptHashes = [] } = JSON.parse(readFileSync(file, 'utf8')) as { scriptHashes?: unknown[] };
    return scriptHashes
      .filter((hash): hash is string => typeof hash === 'string' && /^sha256-[A-Za-z0-9+/]+=*$/.test(hash))
      .map((hash) => `'${hash}'`);
  } catch {
    return []; // SiteService reports an unreadable manifest and serves the plain shell
  }
}

/**
 * A ROLE=worker process answers health checks and metrics only: its port is for the
 * orchestrator and Prometheus, never for visitors (no API, no pages, no files).
 */
function registerWorkerGate(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (req, reply, done) => {
    const path = req.url.split('?')[0];
    if (path === '/metrics' || path.startsWith('/api/health')) return done();
    void reply
      .code(404)
      .header('content-type', 'application/json; charset=utf-8')
      .send({ success: false, message: 'A worker serves only /api/health and /metrics.', code: 'NOT_FOUND' });
  });
}

export interface CreateAppOptions {
  /** Where the logs go instead of standard output (the HTTP tests read them). */
  logDestination?: DestinationStream;
}

export async function createApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestFastifyApplication> {
  // The instance is built here rather than by FastifyAdapter so that our two hooks below come
  // before the four onRequest hooks and the onResponse hook the adapter adds when it is
  // constructed (its own request hook, CORS, the routable-target check, version-extractor errors:
  // none has anything to do for an answer replayed from memory). Without the adapter's version
  // constraint in the router, a versioned route would be refused when it is registered; the app
  // enables no versioning.
  const instance = createFastify({
    bodyLimit: 1024 * 1024,
    // Behind a load balancer (TRUST_PROXY) req.ip, and so every rate limit, is the real client;
    // an X-Forwarded-For from anyone else is ignored.
    trustProxy: config.trustProxy,
    // A post slug may be 255 characters; percent-encoded it is longer.
    routerOptions: { maxParamLength: 1024 },
    // With traces on, a request's id is its trace id (the access log and x-request-id carry it).
    genReqId: requestIdGenerator(),
    // Errors the router raises before any route runs (a malformed %-escape in the path, a path
    // parameter over maxParamLength) still leave in the one error shape.
    frameworkErrors: (error: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = toErrorBody(error);
      void reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
    },
  });
  const logger = createRootLogger(config.logLevel, options.logDestination, traceLogFields());
  // The access log first: its onResponse hook sees every answer, the early refusals included.
  registerRequestLog(instance, logger);
  // Then the answers kept in memory (the blog's cached reads), before every other onRequest hook.
  registerEarlyAnswers(instance);
  const adapter = new FastifyAdapter(instance);
  adapter.getInstance().addHook('onClose', (_instance, done) => {
    flushLogs(logger);
    done();
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config), adapter, {
    logger: new NestPinoLogger(logger),
    rawBody: true,
  });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());
  // Signals are handled by main.ts (lifecycle.ts: drain, then close), not by Nest's own hooks.

  const fastify = app.getHttpAdapter().getInstance();
  // The first onRequest hook: answers refused by the hooks after it carry the headers too.
  registerSecurityHeaders(fastify, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...builtPageScriptSources(config.webRoot), 'https://js.stripe.com'],
        // antd and the rich-text editor inject <style> at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com'],
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  registerHttpMetrics(fastify);
  if (config.role === 'worker') registerWorkerGate(fastify);
  registerInputGuard(fastify);
  await app.register(fastifyCookie);
  // Both read the cookies parsed above and run before every handler, the queue board and tus
  // included: a cross-site request is refused before a session is renewed for it.
  registerSameOriginCheck(fastify, config.publicUrl);
  registerSessionRefresh(fastify, app.get(SessionsService), config.publicUrl.startsWith('https:'));
  // Only where a handler asks for it (reply.compress): the pages the shell sends. Built files are
  // compressed at build time and API answers are small.
  await app.register(fastifyCompress, { global: false, encodings: ['br', 'gzip'] });
  // Before any other onSend hook that keeps answers (the blog's response cache), so what it keeps
  // carries the ETag and Cache-Control.
  registerHttpCache(app.getHttpAdapter().getInstance());
  await app.register(multipartPlugin, {
    limits: { fileSize: LIMITS.upload.maxBytes, files: 1, fields: 20 },
  });

  await setupOpenApi(app);

  mkdirSync(config.uploadDir, { recursive: true });
  const staticRoots: [string, string][] = [
    [join(config.webRoot, 'shell', 'dist', 'assets'), '/assets/'],
    [join(config.webRoot, 'site-app', 'dist'), '/remotes/site/'],
    [join(config.webRoot, 'admin-app', 'dist'), '/remotes/admin/'],
  ];
  let first = true;
  for (const [root, prefix] of staticRoots) {
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: first,
      preCompressed: true,
      // Our own Cache-Control per file (setHeaders) instead of the plugin's max-age=0.
      cacheControl: false,
      wildcard: true,
      index: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(filePath));
      },
    });
    first = false;
  }
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    cacheControl: false,
    decorateReply: first,
    wildcard: true,
    index: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', YEAR);
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
  return app;
}
