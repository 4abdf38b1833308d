import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The second sign-in step's challenge becomes a single-use token like reset and invitation links
 * (purpose '2fa', only its sha256 stored), instead of a signed token that could be replayed
 * until it expired.
 */
export class SingleUseTwoFactorChallenges1765300100000 implements MigrationInterface {
  name = 'SingleUseTwoFactorChallenges1765300100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check`);
    await q.query(`
      ALTER TABLE account_tokens
        ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('reset', 'invite', '2fa'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM account_tokens WHERE purpose = '2fa'`);
    await q.query(`ALTER TABLE account_tokens DROP CONSTRAINT account_tokens_purpose_check`);
    await q.query(`
      ALTER TABLE account_tokens
        ADD CONSTRAINT account_tokens_purpose_check CHECK (purpose IN ('reset', 'invite'))`);
  }
}
