import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The services catalogue, the payments ledger, and the Stripe event ids already handled
 * (webhook idempotency). The catalogue is seeded with the launch prices frozen below; from then
 * on the rows are the one source of prices (edited in /admin/services).
 */
const LAUNCH_CATALOGUE = [
  ['Mix', 'A full professional mix of one song, balanced and ready for mastering.', 6000, 'mixing'],
  [
    'Mix & Master',
    'Mixing and mastering of one song, from raw stems to a release-ready master.',
    8000,
    'mixing-mastering',
  ],
  ['Master', 'Mastering of one finished mix for streaming, radio and club play.', 4000, 'mastering'],
  [
    '5 Songs Mix & Master',
    'Five songs mixed and mastered as one coherent EP or project.',
    30000,
    'bulk-mixing-mastering',
  ],
] as const;

export class CreatePayments1763800300000 implements MigrationInterface {
  name = 'CreatePayments1763800300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE production_services (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        description text NOT NULL,
        price integer NOT NULL,
        type varchar(50) NOT NULL,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT production_services_name_key UNIQUE (name),
        CONSTRAINT production_services_price_check CHECK (price > 0)
      )`);
    for (const row of LAUNCH_CATALOGUE) {
      await q.query(
        `INSERT INTO production_services (name, description, price, type) VALUES ($1, $2, $3, $4)`,
        [...row],
      );
    }

    // currency keeps the spec's entity default (usd); the app always writes 'gbp' explicitly.
    await q.query(`
      CREATE TABLE payments (
        id serial PRIMARY KEY,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        service_id integer REFERENCES production_services (id) ON DELETE SET NULL,
        kind varchar(20) NOT NULL,
        amount integer NOT NULL,
        currency varchar(3) NOT NULL DEFAULT 'usd',
        status varchar(50) NOT NULL DEFAULT 'pending',
        stripe_payment_intent_id varchar(255),
        stripe_checkout_session_id varchar(255),
        stripe_customer_id varchar(255),
        customer_email varchar(255),
        referral_code varchar(20),
        discount_percent integer,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT payments_stripe_payment_intent_id_key UNIQUE (stripe_payment_intent_id),
        CONSTRAINT payments_stripe_checkout_session_id_key UNIQUE (stripe_checkout_session_id),
        CONSTRAINT payments_kind_check CHECK (kind IN ('deposit', 'custom', 'plan')),
        CONSTRAINT payments_amount_check CHECK (amount > 0),
        CONSTRAINT payments_currency_check CHECK (currency ~ '^[a-z]{3}$'),
        CONSTRAINT payments_status_check
          CHECK (status IN ('pending', 'processing', 'succeeded', 'failed', 'refunded', 'partially_refunded')),
        CONSTRAINT payments_discount_percent_check CHECK (discount_percent BETWEEN 1 AND 50)
      )`);
    await q.query(`CREATE INDEX payments_status_idx ON payments (status)`);
    await q.query(`CREATE INDEX payments_created_at_idx ON payments (created_at DESC)`);

    await q.query(`
      CREATE TABLE stripe_events (
        id varchar(255) PRIMARY KEY,
        type varchar(100) NOT NULL,
        payment_id integer REFERENCES payments (id) ON DELETE SET NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stripe_events`);
    await q.query(`DROP TABLE payments`);
    await q.query(`DROP TABLE production_services`);
  }
}
