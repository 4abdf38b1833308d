import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RecoveryCodeEntity } from '../entities/recovery-code.entity';

/** Every query on `two_factor_recovery_codes`. */
@Injectable()
export class RecoveryCodesRepository {
  constructor(@InjectRepository(RecoveryCodeEntity) private readonly rows: Repository<RecoveryCodeEntity>) {}

  /** Replaces all of a user's codes. */
  async replace(userId: number, hashes: string[]): Promise<void> {
    await this.rows.manager.transaction(async (em) => {
      await em.query(`DELETE FROM two_factor_recovery_codes WHERE user_id = $1`, [userId]);
      for (const h of hashes) {
        await em.query(`INSERT INTO two_factor_recovery_codes (user_id, code_hash) VALUES ($1, $2)`, [
          userId,
          h,
        ]);
      }
    });
  }

  /** Uses the code once: true only for the request that marked it used. */
  async consume(userId: number, hash: string): Promise<boolean> {
    const [, count] = (await this.rows.query(
      `UPDATE two_factor_recovery_codes SET used_at = now()
       WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
      [userId, hash],
    )) as [unknown, number];
    return count === 1;
  }

  async countUnused(userId: number): Promise<number> {
    const [row] = (await this.rows.query(
      `SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
      [userId],
    )) as { n: number }[];
    return row.n;
  }

  async removeAll(userId: number): Promise<void> {
    await this.rows.query(`DELETE FROM two_factor_recovery_codes WHERE user_id = $1`, [userId]);
  }
}
