/**
 * Runs reconciliation with Stripe every day at 06:00 London time, on the `reconciliation` queue
 * as a repeatable job, in worker processes only (runRepeatable: every worker registering it
 * yields one schedule). Without Stripe configured
 * there is nothing to compare, and no job is scheduled.
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { AppConfig } from '../../config/app-config';
import { runRepeatable } from '../../common/scheduling/repeatable-job';
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
    await runRepeatable(
      this.queue,
      { job: JOB, cron: CRON, tz: TZ, attempts: 3, keepCompleted: 30, label: 'daily reconciliation' },
      () => this.reconciliation.run('daily'),
      this.logger,
    );
  }
}
