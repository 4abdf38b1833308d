import { REFERRAL } from '@studio/shared';
import { ReferralCodeEntity } from './entities/referral-code.entity';
import type { ReferralRepository } from './referral.repository';
import { randomReferralCode, REFERRAL_MESSAGES, ReferralService } from './referral.service';

const code = (over: Partial<ReferralCodeEntity>): ReferralCodeEntity =>
  ({
    id: 1,
    code: 'ABCDEFGH',
    generatedBy: 'a@example.com',
    usedBy: null,
    isUsed: false,
    reservedByPaymentId: null,
    reservedUntil: null,
    discountPercent: 10,
    expiresAt: new Date(Date.now() + 86_400_000),
    createdAt: new Date(),
    updatedAt: new Date(),
    ...over,
  }) as ReferralCodeEntity;

describe('ReferralService', () => {
  it('draws codes of the configured length from the unambiguous alphabet', () => {
    const codes = new Set(Array.from({ length: 200 }, () => randomReferralCode()));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(new RegExp(`^[${REFERRAL.alphabet}]{${REFERRAL.codeLength}}$`));
    expect([...codes].join('')).not.toMatch(/[01OIL]/);
  });

  function serviceWith(found: ReferralCodeEntity | null) {
    const repo = { findByCode: jest.fn().mockResolvedValue(found) };
    return { service: new ReferralService(repo as unknown as ReferralRepository), repo };
  }

  it('validates a usable code with its discount', async () => {
    const { service, repo } = serviceWith(code({ discountPercent: 15 }));
    await expect(service.validate(' abcdefgh ')).resolves.toMatchObject({ valid: true, discountPercent: 15 });
    expect(repo.findByCode).toHaveBeenCalledWith('ABCDEFGH');
  });

  it.each([
    ['unknown', null, REFERRAL_MESSAGES.unknown],
    ['used', code({ isUsed: true }), REFERRAL_MESSAGES.used],
    ['expired', code({ expiresAt: new Date(Date.now() - 1000) }), REFERRAL_MESSAGES.expired],
    [
      'reserved',
      code({ reservedByPaymentId: 7, reservedUntil: new Date(Date.now() + 60_000) }),
      REFERRAL_MESSAGES.reserved,
    ],
  ])('refuses an %s code with its own message', async (_label, found, message) => {
    const { service } = serviceWith(found);
    const result = await service.validate('ABCDEFGH');
    expect(result).toMatchObject({ valid: false, message });
    expect(result.discountPercent).toBeUndefined();
  });

  it('treats a reservation that ran out as free', async () => {
    const { service } = serviceWith(
      code({ reservedByPaymentId: 7, reservedUntil: new Date(Date.now() - 1000) }),
    );
    expect((await service.validate('ABCDEFGH')).valid).toBe(true);
  });

  it('does not look up codes outside the allowed length', async () => {
    const { service, repo } = serviceWith(code({}));
    expect((await service.validate('ABC')).valid).toBe(false);
    expect(repo.findByCode).not.toHaveBeenCalled();
  });
});
