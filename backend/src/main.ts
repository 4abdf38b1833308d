import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/app-config';
import { startTracing } from './telemetry/tracing';

async function bootstrap(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Before the application is loaded: with an OTLP endpoint set, Fastify, pg, ioredis and Bull
  // must be instrumented as they are first required.
  const tracing = startTracing(config);
  const { createApp } = await import('./create-app');
  const { installGracefulShutdown } = await import('./health/lifecycle');
  const app = await createApp(config);
  installGracefulShutdown(app, { afterClose: () => tracing.shutdown() });
  await app.listen(config.port, config.host);
  console.log(
    `API listening on ${config.publicUrl} (role: ${config.role}${tracing.enabled ? ', traces on' : ''})`,
  );
}

bootstrap().catch((err: Error) => {
  console.error(`Startup failed: ${err.message}`);
  process.exit(1);
});
