import 'reflect-metadata';
import { ConfigError, loadConfig } from './config/app-config';
import { createApp } from './create-app';
import { installGracefulShutdown } from './health/lifecycle';

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
  const app = await createApp(config);
  installGracefulShutdown(app);
  await app.listen(config.port, config.host);
  console.log(`API listening on ${config.publicUrl} (role: ${config.role})`);
}

bootstrap().catch((err: Error) => {
  console.error(`Startup failed: ${err.message}`);
  process.exit(1);
});
