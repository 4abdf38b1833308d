import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { AccountTokensRepository } from './account-tokens.repository';
import { AccountTokenPurpose } from './entities/account-token.entity';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Issues and redeems single-use tokens (reset and invitation links, 2FA challenges). The raw
 * token exists only in the mail or the answer that carries it.
 */
@Injectable()
export class AccountTokensService {
  constructor(private readonly tokens: AccountTokensRepository) {}

  /** A fresh token for the user; any open one of the same kind stops working. */
  async issue(userId: number, purpose: AccountTokenPurpose, ttlMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.revokeOpen(userId, purpose);
    await this.tokens.insert(userId, purpose, hashToken(token), new Date(Date.now() + ttlMs));
    return token;
  }

  consume(purpose: AccountTokenPurpose, token: string): Promise<number | null> {
    return this.tokens.consume(purpose, hashToken(token));
  }

  /** The user a usable token belongs to, without using it up. */
  peek(purpose: AccountTokenPurpose, token: string): Promise<number | null> {
    return this.tokens.peek(purpose, hashToken(token));
  }
}
