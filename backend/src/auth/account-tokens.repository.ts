import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AccountTokenEntity, AccountTokenPurpose } from './entities/account-token.entity';

/** Every query on `account_tokens`. */
@Injectable()
export class AccountTokensRepository {
  constructor(@InjectRepository(AccountTokenEntity) private readonly rows: Repository<AccountTokenEntity>) {}

  async insert(
    userId: number,
    purpose: AccountTokenPurpose,
    tokenHash: string,
    expiresAt: Date,
  ): Promise<void> {
    await this.rows.query(
      `INSERT INTO account_tokens (user_id, purpose, token_hash, expires_at) VALUES ($1, $2, $3, $4)`,
      [userId, purpose, tokenHash, expiresAt],
    );
  }

  /**
   * Marks the token used if it is unused and unexpired, in one statement, so two requests
   * racing with the same link cannot both succeed. Returns its user, or null.
   */
  async consume(purpose: AccountTokenPurpose, tokenHash: string): Promise<number | null> {
    const [rows] = (await this.rows.query(
      `UPDATE account_tokens SET used_at = now()
       WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id`,
      [tokenHash, purpose],
    )) as [{ user_id: number }[], number];
    return rows[0]?.user_id ?? null;
  }

  /** The user of a token that could be consumed now, without consuming it. */
  async peek(purpose: AccountTokenPurpose, tokenHash: string): Promise<number | null> {
    const [row] = (await this.rows.query(
      `SELECT user_id FROM account_tokens
       WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash, purpose],
    )) as { user_id: number }[];
    return row?.user_id ?? null;
  }

  /** Voids a user's open tokens of one kind (a new link replaces the old ones). */
  async revokeOpen(userId: number, purpose: AccountTokenPurpose): Promise<void> {
    await this.rows.query(
      `UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [userId, purpose],
    );
  }
}
