/**
 * Off by default: without an OTLP endpoint nothing of OpenTelemetry is loaded and the request ids stay
 * Fastify's own. (On, with real processes and a collector: test/tracing.e2e-spec.ts.)
 */
// Any of these loaded (now or by startTracing) fails the file.
jest.mock('@opentelemetry/sdk-node', () => {
  throw new Error('@opentelemetry/sdk-node was loaded');
});
jest.mock('@opentelemetry/exporter-trace-otlp-http', () => {
  throw new Error('@opentelemetry/exporter-trace-otlp-http was loaded');
});
jest.mock('@opentelemetry/instrumentation-http', () => {
  throw new Error('@opentelemetry/instrumentation-http was loaded');
});
jest.mock('@opentelemetry/instrumentation-pg', () => {
  throw new Error('@opentelemetry/instrumentation-pg was loaded');
});
jest.mock('@opentelemetry/instrumentation-ioredis', () => {
  throw new Error('@opentelemetry/instrumentation-ioredis was loaded');
});
jest.mock('@fastify/otel', () => {
  throw new Error('@fastify/otel was loaded');
});
jest.mock('@opentelemetry/api', () => {
  throw new Error('@opentelemetry/api was loaded');
});
jest.mock('bull', () => {
  throw new Error('bull was loaded');
});

import { requestIdGenerator, startTracing, tracingEnabled } from './tracing';

describe('tracing, without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('starts nothing, loads nothing of OpenTelemetry and leaves request ids to Fastify', async () => {
    const tracing = startTracing({ tracing: { serviceName: 'studio' }, env: 'test', role: 'all' });
    expect(tracing.enabled).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(requestIdGenerator()).toBeUndefined();
    await tracing.shutdown();
  });
});
