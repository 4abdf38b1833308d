/**
 * Health for orchestrators and load balancers:
 * - `GET /api/health/live`: the process answers (restart it when this fails);
 * - `GET /api/health/ready`: PostgreSQL, Redis and the project storage are reachable, and the
 *   process is not draining; a process that works queues (ROLE all or worker) also reports each
 *   queue's counts. 503 naming what is down otherwise (route no traffic here);
 * - `GET /api/health`: the database and Redis, as before (kept for existing probes).
 */
import { Controller, Get, HttpException, Inject } from '@nestjs/common';
import { unavailable } from '../common/errors/app.exception';
import {
  HealthCheck,
  HealthCheckService,
  HealthIndicatorFunction,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { knownQueues } from '../metrics/metrics';
import { REDIS } from '../redis/redis.module';
import { PROJECT_STORAGE, ProjectStorage } from '../storage/project-storage';
import { Lifecycle } from './lifecycle';

const withTimeout = <T>(work: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not answer in ${ms} ms`)), ms).unref(),
    ),
  ]);

@Controller('api/health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly lifecycle: Lifecycle,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(PROJECT_STORAGE) private readonly storage: ProjectStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 200 when PostgreSQL and Redis both answer, 503 naming the one that does not. */
  @Get()
  @HealthCheck()
  check() {
    return this.health.check([() => this.database(), () => this.redisUp()]);
  }

  /** The process is alive: no dependency is consulted. */
  @Get('live')
  live() {
    return { status: 'ok', role: this.config.role, uptimeSeconds: Math.round(process.uptime()) };
  }

  @Get('ready')
  async ready() {
    if (this.lifecycle.draining) throw unavailable('Not ready: this process is shutting down.', 'DRAINING');
    const checks: HealthIndicatorFunction[] = [
      () => this.database(),
      () => this.redisUp(),
      () => this.storageUp(),
    ];
    if (this.config.role !== 'api') checks.push(() => this.queues());
    try {
      return await this.health.check(checks);
    } catch (err) {
      // Terminus reports what is down in its own 503; say it in the one error shape.
      if (!(err instanceof HttpException) || err.getStatus() !== 503) throw err;
      const { error = {} } = err.getResponse() as { error?: Record<string, { message?: string }> };
      const down = Object.entries(error).map(([name, d]) => (d.message ? `${name} (${d.message})` : name));
      throw unavailable(`Not ready: ${down.join(', ') || 'a dependency'} unreachable.`, 'NOT_READY');
    }
  }

  private database() {
    return this.db.pingCheck('database', { timeout: 2000 });
  }

  private async redisUp() {
    const indicator = this.indicators.check('redis');
    try {
      await withTimeout(this.redis.ping(), 2000, 'Redis');
      return indicator.up();
    } catch (err) {
      return indicator.down({ message: (err as Error).message });
    }
  }

  private async storageUp() {
    const indicator = this.indicators.check('storage');
    try {
      await withTimeout(this.storage.ping(), 3000, 'Storage');
      return indicator.up({ kind: this.config.storage.driver.kind });
    } catch (err) {
      return indicator.down({ kind: this.config.storage.driver.kind, message: (err as Error).message });
    }
  }

  /** Each queue's counts, read from Redis; down when one cannot be read. */
  private async queues() {
    const indicator = this.indicators.check('queues');
    try {
      const counts = await withTimeout(
        Promise.all(
          knownQueues().map(async (q) => {
            const c = await q.getJobCounts();
            return [
              q.name,
              { waiting: c.waiting, active: c.active, delayed: c.delayed, failed: c.failed },
            ] as const;
          }),
        ),
        3000,
        'The queues',
      );
      return indicator.up(Object.fromEntries(counts));
    } catch (err) {
      return indicator.down({ message: (err as Error).message });
    }
  }
}
