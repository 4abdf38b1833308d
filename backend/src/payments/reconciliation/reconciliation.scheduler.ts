/**
 * Runs reconciliation with Stripe every day at 06:00 London time, on the `reconciliation` queue
 * as a repeatable job, in worker processes only (Bull keys a repeatable job by name, cron and
 * time zone, so every worker registering it yields one schedule). Without Stripe configured
 * there is nothing to compare, and no job is scheduled.
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { QueueDashboard } from '../../mail/dashboard/queue-dashboard';
import { PaymentsService } from '../payments.service';
import { ReconciliationService } from './reconciliation.service';

export const RECONCILIATION_QUEUE = 'reconciliation';
const JOB = 'daily';
const CRON = '0 6 * * *';
const TZ = 'Europe/London';

@Injectable()
export class ReconciliationScheduler implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(ReconciliationScheduler.name);

  constructor(
    @InjectQueue(RECONCILIATION_QUEUE) private readonly queue: Queue,
    private readonly reconciliation: ReconciliationService,
    private readonly payments: PaymentsService,
    private readonly dashboard: QueueDashboard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.dashboard.register(this.queue);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'api' || !this.payments.isConfigured()) return;
    this.queue
      .process(JOB, 1, async () => this.reconciliation.run('daily'))
      .catch((err: Error) => this.logger.error(`Reconciliation worker stopped: ${err.message}`));
    try {
      await this.queue.add(
        JOB,
        {},
        {
          repeat: { cron: CRON, tz: TZ },
          attempts: 3,
          backoff: { type: 'exponential', delay: 60_000 },
          removeOnComplete: 30,
          removeOnFail: false,
        },
      );
    } catch (err) {
      this.logger.error(`Could not schedule the daily reconciliation: ${(err as Error).message}`);
    }
  }
}
