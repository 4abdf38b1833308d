/**
 * SQL for referral codes. Reserving a code for a checkout, releasing it and marking it used are
 * decided by the database in one statement each: a conditional UPDATE, so of any number of
 * concurrent callers exactly one wins. The back office lists and voids codes.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import type { ReferralState, SortOrder } from '@studio/shared';
import { likePattern, type Page } from '../common/admin-list.query';
import { returnedRows } from '../common/query-result';
import { ReferralCodeEntity } from './entities/referral-code.entity';

export interface ReferralFilter {
  search?: string;
  state?: ReferralState;
  sort: 'createdAt' | 'expiresAt' | 'code';
  order: SortOrder;
}

@Injectable()
export class ReferralRepository {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectRepository(ReferralCodeEntity) private readonly codes: Repository<ReferralCodeEntity>,
  ) {}

  /** Runs `fn` in a transaction holding a lock on `owner`: one code generation per email at a time. */
  withOwnerLock<T>(owner: string, fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (em) => {
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`referral:${owner}`]);
      return fn(em);
    });
  }

  /** Codes `owner` generated in the last 24 hours. */
  async countGeneratedToday(em: EntityManager, owner: string): Promise<number> {
    const [{ count }] = (await em.query(
      `SELECT count(*)::int AS count FROM referral_codes WHERE generated_by = $1 AND created_at > now() - interval '1 day'`,
      [owner],
    )) as { count: number }[];
    return count;
  }

  /** Stores a new code unless that code exists already (then null: draw another). */
  async insertIfFree(
    em: EntityManager,
    code: { code: string; owner: string; discountPercent: number; validityMonths: number },
  ): Promise<ReferralCodeEntity | null> {
    const rows = returnedRows<{ id: number }>(
      await em.query(
        `INSERT INTO referral_codes (code, generated_by, discount_percent, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(months => $4))
         ON CONFLICT (code) DO NOTHING
         RETURNING id`,
        [code.code, code.owner, code.discountPercent, code.validityMonths],
      ),
    );
    return rows.length ? em.getRepository(ReferralCodeEntity).findOneByOrFail({ id: rows[0].id }) : null;
  }

  findByCode(code: string): Promise<ReferralCodeEntity | null> {
    return this.codes.findOneBy({ code });
  }

  /** Newest first. */
  listGeneratedBy(email: string): Promise<ReferralCodeEntity[]> {
    return this.codes.find({ where: { generatedBy: email }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /**
   * Holds an unused, unexpired code for `paymentId` for `minutes`, unless another payment holds
   * it already. True when this call got it.
   */
  async reserve(code: string, paymentId: number, minutes: number, m?: EntityManager): Promise<boolean> {
    const result: unknown = await (m ?? this.db.manager).query(
      `UPDATE referral_codes
          SET reserved_by_payment_id = $2, reserved_until = now() + make_interval(mins => $3), updated_at = now()
        WHERE code = $1 AND is_used = false AND expires_at > now()
          AND (reserved_by_payment_id IS NULL OR reserved_until <= now())
        RETURNING id`,
      [code, paymentId, minutes],
    );
    return returnedRows(result).length === 1;
  }

  /** Frees whatever code `paymentId` holds (its checkout expired, failed or was cancelled). */
  async release(paymentId: number, m?: EntityManager): Promise<void> {
    await (m ?? this.db.manager).query(
      `UPDATE referral_codes SET reserved_by_payment_id = NULL, reserved_until = NULL, updated_at = now()
        WHERE reserved_by_payment_id = $1 AND is_used = false`,
      [paymentId],
    );
  }

  /**
   * Marks the code used by `usedBy`, if it is free or held by `paymentId`. True only for the one
   * caller whose UPDATE changed the row.
   */
  async redeem(
    code: string,
    usedBy: string | null,
    paymentId: number | null,
    m?: EntityManager,
  ): Promise<boolean> {
    const result: unknown = await (m ?? this.db.manager).query(
      `UPDATE referral_codes
          SET is_used = true, used_by = $2, reserved_by_payment_id = NULL, reserved_until = NULL, updated_at = now()
        WHERE code = $1 AND is_used = false AND expires_at > now()
          AND (reserved_by_payment_id IS NULL OR reserved_until <= now() OR reserved_by_payment_id = $3)
        RETURNING id`,
      [code, usedBy, paymentId],
    );
    return returnedRows(result).length === 1;
  }

  list(filter: ReferralFilter, page: Page): Promise<[ReferralCodeEntity[], number]> {
    const qb = this.codes.createQueryBuilder('r');
    if (filter.search) {
      qb.andWhere('(r.code ILIKE :q OR r.generated_by ILIKE :q OR r.used_by ILIKE :q)', {
        q: likePattern(filter.search),
      });
    }
    switch (filter.state) {
      case 'void':
        qb.andWhere('r.voided_at IS NOT NULL');
        break;
      case 'used':
        qb.andWhere('r.is_used AND r.voided_at IS NULL');
        break;
      case 'expired':
        qb.andWhere('NOT r.is_used AND r.voided_at IS NULL AND r.expires_at <= now()');
        break;
      case 'available':
        qb.andWhere('NOT r.is_used AND r.voided_at IS NULL AND r.expires_at > now()');
        break;
    }
    return qb
      .orderBy(`r.${filter.sort}`, filter.order === 'asc' ? 'ASC' : 'DESC')
      .addOrderBy('r.id', 'DESC')
      .take(page.limit)
      .skip(page.offset)
      .getManyAndCount();
  }

  findById(id: number): Promise<ReferralCodeEntity | null> {
    return this.codes.findOneBy({ id });
  }

  /** Voids an unused code; true when this call voided it. */
  async void(id: number): Promise<boolean> {
    const result = await this.codes
      .createQueryBuilder()
      .update()
      .set({ voidedAt: () => 'now()', expiresAt: () => 'LEAST(expires_at, now())' })
      .where('id = :id AND voided_at IS NULL AND NOT is_used', { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** Erases every code an address generated (a subscriber's deletion). */
  async deleteGeneratedBy(email: string): Promise<number> {
    const result = await this.codes
      .createQueryBuilder()
      .delete()
      .where('lower(generated_by) = lower(:email)', { email })
      .execute();
    return result.affected ?? 0;
  }
}
