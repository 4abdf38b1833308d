/** The back office's queries on `referral_codes`. */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ReferralState, SortOrder } from '@studio/shared';
import { likePattern, type Page } from '../common/admin-list.query';
import { ReferralCode } from './entities/referral-code.entity';

export interface ReferralFilter {
  search?: string;
  state?: ReferralState;
  sort: 'createdAt' | 'expiresAt' | 'code';
  order: SortOrder;
}

@Injectable()
export class ReferralRepository {
  constructor(@InjectRepository(ReferralCode) private readonly codes: Repository<ReferralCode>) {}

  list(filter: ReferralFilter, page: Page): Promise<[ReferralCode[], number]> {
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

  findById(id: number): Promise<ReferralCode | null> {
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
