/**
 * The monthly free-mix lottery. Guarantees:
 * - a month is drawn at most once: lottery_draws.month is unique, so a second run (a retried
 *   job, two workers, a manual call) finds the existing draw instead of drawing again;
 * - the winner is one active (not unsubscribed) subscriber, chosen with crypto.randomInt from a
 *   consistent snapshot of the list;
 * - the winner and admin mails are queued with ids derived from the month, and the draw is
 *   marked notified only after that, so a crash in between is healed by the next run without
 *   sending anything twice.
 */
import { londonMonth } from '../../common/london-month';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { badRequest, notFound } from '../../common/errors/app.exception';
import { MailQueueUnavailableError, MailService } from '../../mail/mail.service';
import type { MailRequest } from '../../mail/mail.types';
import { NewsletterService } from '../newsletter.service';
import { SubscribersRepository } from '../subscribers.repository';
import { LotteryDrawEntity } from './entities/lottery-draw.entity';
import { LotteryRepository } from './lottery.repository';

const PG_SERIALIZATION_FAILURE = '40001';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface DrawOutcome {
  draw: LotteryDrawEntity;
  /** False when the month had already been drawn. */
  created: boolean;
}

/** The calendar month (YYYY-MM) of `at` in London. */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleDateString('en-GB', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

@Injectable()
export class LotteryService {
  private readonly logger = new Logger(LotteryService.name);

  constructor(
    private readonly draws: LotteryRepository,
    private readonly subscribers: SubscribersRepository,
    private readonly newsletter: NewsletterService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Draws `month` (YYYY-MM) if it has not been drawn, and makes sure its mails are queued. */
  async drawMonth(month: string, drawnBy = 'schedule'): Promise<DrawOutcome> {
    if (!MONTH.test(month)) throw badRequest('The month must look like 2025-01.', 'INVALID_MONTH');
    const inserted = await this.draws
      .inSnapshot(async (em) => {
        if (await this.draws.drawn(em, month)) return null;
        const entrants = await this.subscribers.countActive(em);
        const winner = entrants > 0 ? await this.subscribers.activeAt(em, randomInt(entrants)) : undefined;
        return this.draws.insert(em, { month, winner, entrants, drawnBy: drawnBy.slice(0, 100) });
      })
      .catch((err: { code?: string }) => {
        // Another run inserted this month after our snapshot was taken: theirs stands.
        if (err.code === PG_SERIALIZATION_FAILURE) return null;
        throw err;
      });
    const draw = await this.draws.byMonth(month);
    if (inserted)
      this.logger.log(`Lottery ${month}: ${draw.winnerEmail ?? 'no winner'} out of ${draw.entrants}`);
    if (!draw.notifiedAt) await this.notify(draw);
    return { draw: await this.draws.byMonth(month), created: inserted !== null };
  }

  /** Past draws, newest first. */
  list(): Promise<LotteryDrawEntity[]> {
    return this.draws.list();
  }

  /** Queues the winner's mail again (a new job each time: the first one may have bounced). */
  async resendWinner(id: number): Promise<LotteryDrawEntity> {
    const draw = await this.draws.byId(id);
    if (!draw) throw notFound('Draw not found.', 'DRAW_NOT_FOUND');
    if (!draw.winnerEmail) throw badRequest('This draw has no winner to mail.', 'NO_WINNER');
    await this.mail.enqueueQuietly(
      this.winnerMail(draw, draw.winnerEmail, `lottery-${draw.month}-winner-resend-${draw.resendCount + 1}`),
    );
    await this.draws.markResent(id, draw.resendCount + 1);
    return this.draws.byMonth(draw.month);
  }

  private async notify(draw: LotteryDrawEntity): Promise<void> {
    const label = monthLabel(draw.month);
    const jobs = [];
    if (draw.winnerEmail) {
      jobs.push(this.mail.enqueue(this.winnerMail(draw, draw.winnerEmail, `lottery-${draw.month}-winner`)));
    }
    jobs.push(
      this.mail.enqueue({
        template: 'lottery-admin',
        to: await this.mail.adminAddress(),
        subject: draw.winnerEmail
          ? `Free-mix lottery ${label}: ${draw.winnerEmail} won`
          : `Free-mix lottery ${label}: no entrants`,
        context: {
          monthLabel: label,
          winnerEmail: draw.winnerEmail,
          entrants: draw.entrants,
          singleEntrant: draw.entrants === 1,
          drawId: draw.id,
          drawnAt: draw.drawnAt.toUTCString(),
        },
        jobId: `lottery-${draw.month}-admin`,
      }),
    );
    const results = await Promise.allSettled(jobs);
    // A mail parked in the outbox will still go out; anything else is retried by the next run.
    const stuck = results.find(
      (r) => r.status === 'rejected' && !(r.reason instanceof MailQueueUnavailableError),
    );
    if (stuck) {
      this.logger.error(
        `Lottery ${draw.month}: mails not queued: ${String((stuck as PromiseRejectedResult).reason)}`,
      );
      throw (stuck as PromiseRejectedResult).reason;
    }
    await this.draws.markNotified(draw.id);
  }

  /** The winner's mail, the same for the first notice and every resend but for the job id. */
  private winnerMail(draw: LotteryDrawEntity, to: string, jobId: string): MailRequest {
    const label = monthLabel(draw.month);
    const { unsubscribeUrl, headers } = this.newsletter.listMail(to);
    return {
      template: 'lottery-winner',
      to,
      subject: `You won the ${label} free mix at ${this.config.siteName}!`,
      context: {
        month: draw.month,
        monthLabel: label,
        unsubscribeUrl,
        claimUrl: `${this.config.publicUrl}/contact?service=free-mix`,
      },
      headers,
      jobId,
    };
  }
}

export { londonMonth };
