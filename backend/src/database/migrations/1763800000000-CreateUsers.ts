import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763800000000 implements MigrationInterface {
  name = 'CreateUsers1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        username varchar(100) NOT NULL,
        email varchar(255) NOT NULL,
        password varchar NOT NULL,
        display_name varchar(100),
        bio text,
        profile_image varchar(255),
        role varchar(20) NOT NULL DEFAULT 'author',
        stripe_customer_id varchar(255),
        stripe_subscription_id varchar(255),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT users_username_key UNIQUE (username),
        CONSTRAINT users_role_check CHECK (role IN ('admin', 'editor', 'author'))
      )`);
    // Email is unique regardless of case: Bob@x.com and bob@x.com are one person.
    await q.query(`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE users`);
  }
}
