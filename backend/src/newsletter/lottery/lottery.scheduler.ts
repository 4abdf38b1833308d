/**
 * Puts the monthly draw on the `lottery` queue as a repeatable job and runs it, in worker
 * processes only (runRepeatable: every worker registering it at boot still yields one schedule).
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bull';
import { AppConfig } from '../../config/app-config';
import { runRepeatable } from '../../common/scheduling/repeatable-job';
import { APP_CONFIG } from '../../config/config.module';
import { QueueDashboard } from '../../mail/dashboard/queue-dashboard';
import { LOTTERY_CRON, LOTTERY_JOB, LOTTERY_QUEUE, LOTTERY_TZ } from './lottery.constants';
import { londonMonth, LotteryService } from './lottery.service';

@Injectable()
export class LotteryScheduler implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(LotteryScheduler.name);

  constructor(
    @InjectQueue(LOTTERY_QUEUE) private readonly queue: Queue,
    private readonly lottery: LotteryService,
    private readonly dashboard: QueueDashboard,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.dashboard.register(this.queue);
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.role === 'api') return;
    await runRepeatable(
      this.queue,
      {
        job: LOTTERY_JOB,
        cron: LOTTERY_CRON,
        tz: LOTTERY_TZ,
        attempts: 5,
        keepCompleted: 24,
        label: 'monthly lottery',
      },
      async () => {
        const { draw, created } = await this.lottery.drawMonth(londonMonth());
        return { month: draw.month, created, winner: draw.winnerEmail, entrants: draw.entrants };
      },
      this.logger,
    );
  }
}
