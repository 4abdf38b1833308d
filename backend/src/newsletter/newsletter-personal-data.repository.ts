import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { affected, ERASED_EMAIL, ErasureCount, PersonalDataSource } from '../common/personal-data';

/**
 * The newsletter subscription (deleted) and lottery draws the address won (kept as a record
 * of the draw, with the winner's address anonymised).
 */
@Injectable()
export class NewsletterPersonalDataRepository implements PersonalDataSource {
  readonly section = 'newsletter';

  constructor(private readonly db: DataSource) {}

  async exportFor(email: string): Promise<unknown[]> {
    const subscriptions = (await this.db.query(
      `SELECT id, email, referred_by AS "referredBy", has_discount AS "hasDiscount",
              unsubscribed_at AS "unsubscribedAt", created_at AS "createdAt"
       FROM newsletter_subscribers WHERE lower(email) = lower($1) ORDER BY id`,
      [email],
    )) as object[];
    const wins = (await this.db.query(
      `SELECT month, drawn_at AS "drawnAt" FROM lottery_draws WHERE lower(winner_email) = lower($1) ORDER BY month`,
      [email],
    )) as object[];
    return [
      ...subscriptions.map((s) => ({ kind: 'subscription', ...s })),
      ...wins.map((w) => ({ kind: 'lotteryWin', ...w })),
    ];
  }

  async eraseFor(email: string, tx: EntityManager): Promise<ErasureCount> {
    const anonymised =
      affected(
        await tx.query(
          `UPDATE lottery_draws SET winner_email = $2, winner_subscriber_id = NULL WHERE lower(winner_email) = lower($1)`,
          [email, ERASED_EMAIL],
        ),
      ) +
      affected(
        await tx.query(
          `UPDATE newsletter_subscribers SET referred_by = NULL WHERE lower(referred_by) = lower($1)`,
          [email],
        ),
      );
    const deleted = affected(
      await tx.query(`DELETE FROM newsletter_subscribers WHERE lower(email) = lower($1)`, [email]),
    );
    return { deleted, anonymised };
  }
}
