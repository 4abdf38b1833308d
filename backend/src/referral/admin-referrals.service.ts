/**
 * The back office's view of referral codes: the list with each code's state, and voiding. A
 * code can be voided while it is unused and not void already; the check and the change are one
 * UPDATE (ReferralRepository.void), so a code being used at that moment is either used or void,
 * never both.
 */
import { Injectable } from '@nestjs/common';
import type { AdminReferralCode, ReferralState } from '@studio/shared';
import { orderOf, pageOf } from '../common/admin-list.query';
import { conflict, notFound } from '../common/errors/app.exception';
import type { AdminReferralListQuery } from './dto/admin-referrals.dto';
import { ReferralCodeEntity } from './entities/referral-code.entity';
import { ReferralRepository } from './referral.repository';

export function referralState(c: ReferralCodeEntity, now = Date.now()): ReferralState {
  if (c.voidedAt) return 'void';
  if (c.isUsed) return 'used';
  return c.expiresAt.getTime() <= now ? 'expired' : 'available';
}

const toAdmin = (c: ReferralCodeEntity): AdminReferralCode => ({
  id: c.id,
  code: c.code,
  generatedBy: c.generatedBy,
  usedBy: c.usedBy,
  discountPercent: c.discountPercent,
  state: referralState(c),
  expiresAt: c.expiresAt.toISOString(),
  voidedAt: c.voidedAt?.toISOString() ?? null,
  createdAt: c.createdAt.toISOString(),
});

@Injectable()
export class AdminReferralsService {
  constructor(private readonly repo: ReferralRepository) {}

  async list(q: AdminReferralListQuery): Promise<{ items: AdminReferralCode[]; total: number }> {
    const [rows, total] = await this.repo.list(
      { ...orderOf(q, 'createdAt', 'desc'), state: q.state },
      pageOf(q),
    );
    return { items: rows.map(toAdmin), total };
  }

  /** Voids an unused code; 404 for no such code, 409 for a used or already void one. */
  async void(id: number): Promise<AdminReferralCode> {
    const code = await this.repo.findById(id);
    if (!code) throw notFound('Referral code not found.', 'REFERRAL_NOT_FOUND');
    if (!(await this.repo.void(id))) {
      throw conflict(
        code.voidedAt ? 'This code is already void.' : 'A used code cannot be voided.',
        'REFERRAL_NOT_VOIDABLE',
      );
    }
    return toAdmin((await this.repo.findById(id)) as ReferralCodeEntity);
  }
}
