/**
 * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT is set (ARCHITECTURE.md §10).
 *
 * Guarantees:
 * - off: nothing of OpenTelemetry is loaded (not even its API); the process starts
 *   and answers exactly as it does without this file (the request ids are Fastify's own);
 * - on: `startTracing` runs before Nest, Fastify, pg, ioredis and Bull are loaded (main.ts loads
 *   the app only after it), so every request, query, Redis command and queue job is traced; spans
 *   go in batches over OTLP/HTTP (JSON) to `{endpoint}/v1/traces`, under `studio-api`,
 *   `studio-worker` or `studio` (ROLE=all);
 * - the request id of the access log and of the `x-request-id` header is the trace id, and any
 *   line logged inside a traced request or job carries `trace_id`, so a log line leads to its
 *   trace and back;
 * - a job queued while a request (or another job) is traced carries its trace context and is
 *   worked under it, in whichever process takes it (bull-tracing.ts);
 * - URLs reach the collector with what the log keeps out of them replaced: the pay token in the
 *   path (loggedUrl), the values of secret query parameters (tokens, signatures); health checks and metrics scrapes are not traced; a database query or a
 *   Redis command is traced only inside a traced request or job, never the pollers' background;
 * - `shutdown` sends the spans still held; the SIGTERM drain calls it last.
 */
import type { IncomingMessage } from 'node:http';
import { loggedUrl, SECRET_QUERY_PARAMS } from '../common/logging/logged-url';
import type { AppConfig } from '../config/app-config';

export interface Tracing {
  readonly enabled: boolean;
  /** Sends the spans not sent yet and stops the SDK (at most a few seconds). */
  shutdown(): Promise<void>;
}

const DISABLED: Tracing = { enabled: false, shutdown: async () => {} };

let current: Tracing = DISABLED;

/** Whether this process sends traces. */
export function tracingEnabled(): boolean {
  return current.enabled;
}

/** Paths probed every few seconds by orchestrators and Prometheus: not worth a trace each. */
const UNTRACED = /^\/(api\/health(\/|\?|$)|metrics(\?|$))/;

/**
 * Starts the SDK when `config.tracing.endpoint` is set; call it once, first thing, before the
 * application's modules are loaded. Off, it loads nothing and returns a disabled Tracing.
 */
export function startTracing(config: Pick<AppConfig, 'tracing' | 'env' | 'role'>): Tracing {
  const { endpoint, serviceName } = config.tracing;
  if (!endpoint || current.enabled) return current;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { NodeSDK, resources } =
    require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } =
    require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } =
    require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } =
    require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  const { IORedisInstrumentation } =
    require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  const { FastifyOtelInstrumentation } = require('@fastify/otel') as typeof import('@fastify/otel');
  const { instrumentBull } = require('./bull-tracing') as typeof import('./bull-tracing');
  /* eslint-enable @typescript-eslint/no-require-imports */

  const sdk = new NodeSDK({
    resource: resources.resourceFromAttributes({
      'service.name': serviceName,
      'service.namespace': 'mixdown-studio',
      'deployment.environment.name': config.env,
      'studio.role': config.role,
    }),
    traceExporter: new OTLPTraceExporter({ url: `${endpoint}/v1/traces` }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => UNTRACED.test(req.url ?? ''),
        // The path as the access log writes it (no pay token); secret query values replaced.
        startIncomingSpanHook: (req) => ({ 'url.path': loggedUrl(req.url) }),
        redactedQueryParamsServer: SECRET_QUERY_PARAMS,
        // Outgoing calls (Stripe, S3) only as part of a traced request or job.
        requireParentforOutgoingSpans: true,
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The request and its handler; a span for each of a dozen hooks would bury them.
        instrumentHooks: false,
        ignorePaths: (route) => UNTRACED.test(route.url ?? ''),
        requestHook: (span, request) => span.setAttribute('url.path', loggedUrl(request.url)),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  // Bull is loaded here, after the SDK, so that its Redis connections are instrumented too.
  instrumentBull();
  current = {
    enabled: true,
    shutdown: async () => {
      try {
        await sdk.shutdown();
      } catch {
        // The collector is away: the spans held are lost, the process still ends.
      }
    },
  };
  return current;
}

/**
 * Pino's mixin while tracing is on: a line written inside a traced request or job names the
 * trace and span (`trace_id`, `span_id`), so a worker's log of a job leads to its request. Off:
 * undefined, nothing added to any line.
 */
export function traceLogFields(): (() => object) | undefined {
  if (!current.enabled) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const { trace } = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  return () => {
    const ctx = trace.getActiveSpan()?.spanContext();
    return ctx && trace.isSpanContextValid(ctx) ? { trace_id: ctx.traceId, span_id: ctx.spanId } : {};
  };
}

/**
 * Fastify's `genReqId` while tracing is on: the id of the trace the HTTP instrumentation opened
 * for the request (32 hex digits); a request it does not trace (health, metrics) gets Fastify's
 * usual `req-N`. Off: undefined, Fastify's own generator.
 */
export function requestIdGenerator(): ((req: IncomingMessage) => string) | undefined {
  if (!current.enabled) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const { trace } = require('@opentelemetry/api') as typeof import('@opentelemetry/api');
  let next = 0;
  return () => {
    const ctx = trace.getActiveSpan()?.spanContext();
    if (ctx && trace.isSpanContextValid(ctx)) return ctx.traceId;
    next = (next + 1) & 0x7fffffff;
    return `req-${next.toString(36)}`;
  };
}
