/**
 * Off by default: without an OTLP endpoint nothing of OpenTelemetry is loaded and the request ids
 * stay Fastify's own. (On, with real processes and a collector: test/tracing.e2e-spec.ts.)
 */
const LOADED_ONLY_WHEN_ON = [
  '@opentelemetry/api',
  '@opentelemetry/sdk-node',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/instrumentation-http',
  '@opentelemetry/instrumentation-pg',
  '@opentelemetry/instrumentation-ioredis',
  '@fastify/otel',
  'bull',
];
// Any of these loaded, by tracing.ts itself or by startTracing, fails the test.
for (const name of LOADED_ONLY_WHEN_ON)
  jest.mock(name, () => {
    throw new Error(`${name} was loaded`);
  });

describe('tracing, without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('starts nothing, loads nothing of OpenTelemetry and leaves request ids to Fastify', async () => {
    const { requestIdGenerator, startTracing, traceLogFields, tracingEnabled } = await import('./tracing');
    const tracing = startTracing({ tracing: { serviceName: 'studio' }, env: 'test', role: 'all' });
    expect(tracing.enabled).toBe(false);
    expect(tracingEnabled()).toBe(false);
    expect(requestIdGenerator()).toBeUndefined();
    expect(traceLogFields()).toBeUndefined();
    await tracing.shutdown();
  });
});
