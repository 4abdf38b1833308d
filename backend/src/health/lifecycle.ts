/**
 * Graceful drain on SIGTERM/SIGINT, for orchestrators that replace processes:
 * 1. readiness (`/api/health/ready`) answers 503 at once, so load balancers stop routing here;
 * 2. the HTTP server stops accepting connections and the requests in flight finish (Fastify's
 *    close; a request arriving on a kept-alive connection meanwhile gets 503 and `Connection:
 *    close`);
 * 3. the application closes: queue workers stop taking jobs and finish the ones running (see
 *    MailProcessor's drain), then Redis and the database close;
 * 4. what the process still holds for others is sent (`afterClose`: the spans not yet exported);
 * 5. the process exits 0, or 1 when something failed or the whole drain outlasted its limit.
 * A second signal during the drain is ignored; the orchestrator's own kill timeout is the backstop.
 */
import { Injectable, Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';

/** Whether this process is going away (readiness turns 503). */
@Injectable()
export class Lifecycle {
  draining = false;
}

export interface DrainOptions {
  /** Past this, the process exits anyway (1). */
  timeoutMs?: number;
  /** How long requests in flight may take before their connections are closed. */
  requestGraceMs?: number;
  exit?: (code: number) => void;
  signals?: NodeJS.Signals[];
  /** Runs once the application is closed, before the exit (tracing flushes its spans). */
  afterClose?: () => Promise<void>;
}

export function installGracefulShutdown(app: NestFastifyApplication, options: DrainOptions = {}): () => void {
  const logger = new Logger('Shutdown');
  const {
    timeoutMs = 40_000,
    requestGraceMs = 10_000,
    exit = (code: number) => process.exit(code),
    signals = ['SIGTERM', 'SIGINT'],
    afterClose,
  } = options;
  let started = false;
  const drain = async (signal: string): Promise<void> => {
    if (started) return;
    started = true;
    logger.log(`${signal}: draining (no new requests, finishing those in flight and running jobs)`);
    app.get(Lifecycle).draining = true;
    const timer = setTimeout(() => {
      logger.error(`Drain took over ${timeoutMs} ms; exiting`);
      exit(1);
    }, timeoutMs);
    timer.unref();
    try {
      const http = app.getHttpAdapter().getInstance();
      const closing = http.close();
      const closed = await Promise.race([
        closing.then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), requestGraceMs).unref()),
      ]);
      if (!closed) {
        logger.warn(`Connections still open after ${requestGraceMs} ms; closing them`);
        http.server.closeAllConnections();
        await closing;
      }
      logger.log('HTTP closed; stopping the workers and connections');
      await app.close();
      await afterClose?.();
      clearTimeout(timer);
      exit(0);
    } catch (err) {
      clearTimeout(timer);
      logger.error(`Drain failed: ${(err as Error).message}`);
      exit(1);
    }
  };
  const handlers = signals.map((signal) => {
    const handler = () => void drain(signal);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => handlers.forEach(([signal, handler]) => process.off(signal, handler));
}
