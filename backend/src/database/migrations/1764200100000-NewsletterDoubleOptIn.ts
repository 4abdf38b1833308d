import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Double opt-in: a subscriber is on the list (welcome mail, lottery) once they have followed the
 * link mailed to them. Everyone subscribed before this change was welcomed already and counts as
 * confirmed.
 */
export class NewsletterDoubleOptIn1764200100000 implements MigrationInterface {
  name = 'NewsletterDoubleOptIn1764200100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at timestamptz`);
    await q.query(`UPDATE newsletter_subscribers SET confirmed_at = created_at`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE newsletter_subscribers DROP COLUMN confirmed_at`);
  }
}
