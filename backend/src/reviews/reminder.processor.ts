/**
 * Works the `project-reminders` queue: each job, delayed by REVIEW.reminderDays from approval,
 * mails the balance link again unless the balance was paid meanwhile (ReviewBalanceService
 * .remind). The jobs are cancelled when the balance is paid; a job that runs anyway finds it
 * paid and mails nothing.
 */
import { InjectQueue } from '@nestjs/bull';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { QueueDashboard } from '../mail/dashboard/queue-dashboard';
import { ReviewBalanceService } from './review-balance.service';
import { REMINDER_QUEUE, ReminderJob } from './reviews.constants';

@Injectable()
export class ReminderProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(ReminderProcessor.name);

  constructor(
    @InjectQueue(REMINDER_QUEUE) private readonly queue: Queue<ReminderJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly balance: ReviewBalanceService,
    private readonly dashboard: QueueDashboard,
  ) {}

  onApplicationBootstrap(): void {
    this.dashboard.register(this.queue);
    if (this.config.role !== 'all' && this.config.role !== 'worker') return;
    this.queue
      .process(1, (job: Job<ReminderJob>) => this.balance.remind(job.data.projectId, job.data.day))
      .catch((err: Error) => this.logger.error(`Reminder worker stopped: ${err.message}`));
  }
}
