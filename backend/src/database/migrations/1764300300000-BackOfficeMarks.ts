import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the back office records about codes and draws: when an admin voided a referral code
 * (voiding also ends its validity, so every existing check refuses it), and who drew a lottery
 * month (the schedule or an admin) and when its winner mail was last sent again.
 */
export class BackOfficeMarks1764300300000 implements MigrationInterface {
  name = 'BackOfficeMarks1764300300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE referral_codes ADD COLUMN voided_at timestamptz`);
    await q.query(`
      ALTER TABLE lottery_draws
        ADD COLUMN drawn_by varchar(100) NOT NULL DEFAULT 'schedule',
        ADD COLUMN resent_at timestamptz,
        ADD COLUMN resend_count integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE lottery_draws DROP COLUMN resend_count, DROP COLUMN resent_at, DROP COLUMN drawn_by`,
    );
    await q.query(`ALTER TABLE referral_codes DROP COLUMN voided_at`);
  }
}
