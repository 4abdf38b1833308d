/**
 * The reminder jobs of one balance request: queued when the request is mailed, one per day of
 * REVIEW.reminderDays with a job id derived from the project (so a request mailed again does not
 * queue twice), and removed once the balance is paid. The reminder processor works them; what a
 * reminder mails is ReviewBalanceService.remind.
 */
import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { REVIEW } from '@studio/shared';
import type { Queue } from 'bull';
import { REMINDER_QUEUE, ReminderJob, reminderJobId } from './reviews.constants';

const DAY_MS = 86_400_000;

@Injectable()
export class BalanceReminders {
  private readonly logger = new Logger(BalanceReminders.name);

  constructor(@InjectQueue(REMINDER_QUEUE) private readonly queue: Queue<ReminderJob>) {}

  /** Never fails: with Redis away the request mail still went, only its reminders are lost. */
  async schedule(projectId: string): Promise<void> {
    for (const day of REVIEW.reminderDays) {
      await this.queue
        .add(
          { projectId, day },
          { jobId: reminderJobId(projectId, day), delay: day * DAY_MS, removeOnComplete: true },
        )
        .catch((err: Error) => this.logger.error(`Could not queue a balance reminder: ${err.message}`));
    }
  }

  /** Best effort: a reminder left behind finds the balance paid and mails nothing. */
  async cancel(projectId: string): Promise<void> {
    for (const day of REVIEW.reminderDays) {
      const job = await this.queue.getJob(reminderJobId(projectId, day)).catch(() => null);
      await job?.remove().catch(() => undefined);
    }
  }
}
