import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What visitors send us and the mail it triggers: contact messages, newsletter subscribers,
 * referral codes, the monthly lottery draws, and the outbox where mails wait while Redis is
 * unreachable.
 *
 * - A subscriber is one row per address whatever its case (unique lower(email)); leaving keeps
 *   the row with unsubscribed_at set, so the lottery can skip them and re-subscribing revives it.
 * - lottery_draws.month is unique: a month can only ever be drawn once.
 * - referral_codes.code is unique; codes are looked up by the email that generated them.
 */
export class CreateMessaging1763800100000 implements MigrationInterface {
  name = 'CreateMessaging1763800100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE contacts (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        email varchar(100) NOT NULL,
        message text NOT NULL,
        service varchar(50) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT contacts_name_length CHECK (char_length(name) BETWEEN 2 AND 100),
        CONSTRAINT contacts_email_length CHECK (char_length(email) BETWEEN 5 AND 100),
        CONSTRAINT contacts_message_length CHECK (char_length(message) BETWEEN 10 AND 1000)
      )`);
    await q.query(`CREATE INDEX contacts_created_at_idx ON contacts (created_at)`);

    await q.query(`
      CREATE TABLE newsletter_subscribers (
        id serial PRIMARY KEY,
        email varchar(255) NOT NULL,
        referred_by varchar(255),
        has_discount boolean NOT NULL DEFAULT false,
        unsubscribed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX newsletter_subscribers_email_lower_key ON newsletter_subscribers (lower(email))`,
    );
    await q.query(
      `CREATE INDEX newsletter_subscribers_created_at_idx ON newsletter_subscribers (created_at)`,
    );

    await q.query(`
      CREATE TABLE referral_codes (
        id serial PRIMARY KEY,
        code varchar(20) NOT NULL,
        generated_by varchar(255) NOT NULL,
        used_by varchar(255),
        is_used boolean NOT NULL DEFAULT false,
        discount_percent integer NOT NULL DEFAULT 10,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT referral_codes_code_key UNIQUE (code),
        CONSTRAINT referral_codes_code_length CHECK (char_length(code) BETWEEN 6 AND 20),
        CONSTRAINT referral_codes_discount_range CHECK (discount_percent BETWEEN 1 AND 50)
      )`);
    await q.query(
      `CREATE INDEX referral_codes_generated_by_idx ON referral_codes (generated_by, created_at)`,
    );

    await q.query(`
      CREATE TABLE lottery_draws (
        id serial PRIMARY KEY,
        month varchar(7) NOT NULL,
        winner_subscriber_id integer REFERENCES newsletter_subscribers (id) ON DELETE SET NULL,
        winner_email varchar(255),
        entrants integer NOT NULL,
        drawn_at timestamptz NOT NULL DEFAULT now(),
        notified_at timestamptz,
        CONSTRAINT lottery_draws_month_key UNIQUE (month),
        CONSTRAINT lottery_draws_month_format CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
        CONSTRAINT lottery_draws_entrants_check CHECK (entrants >= 0)
      )`);

    await q.query(`
      CREATE TABLE mail_outbox (
        id serial PRIMARY KEY,
        job_id varchar(200) NOT NULL,
        payload jsonb NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT mail_outbox_job_id_key UNIQUE (job_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_outbox`);
    await q.query(`DROP TABLE lottery_draws`);
    await q.query(`DROP TABLE referral_codes`);
    await q.query(`DROP TABLE newsletter_subscribers`);
    await q.query(`DROP TABLE contacts`);
  }
}
