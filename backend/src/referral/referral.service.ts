/**
 * Referral codes: the referrer generates one for their email and shares it; the friend's
 * booking uses it once. Guarantees:
 * - codes are random (crypto), REFERRAL.codeLength characters from an unambiguous alphabet,
 *   and unique (the database decides; a collision just draws again);
 * - `redeem` is one conditional UPDATE, so of any number of concurrent callers with one code
 *   exactly one gets `true`; an expired or used code is never redeemed.
 */
import { HttpStatus, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomInt } from 'node:crypto';
import { EntityManager, Repository } from 'typeorm';
import { LIMITS, REFERRAL } from '@studio/shared';
import { AppException } from '../common/errors/app.exception';
import { ReferralCode } from './entities/referral-code.entity';

/** How many codes one email may generate per day, whoever asks. */
export const CODES_PER_EMAIL_PER_DAY = 5;
const GENERATE_ATTEMPTS = 5;

export const REFERRAL_MESSAGES = {
  valid: (percent: number) => `Valid referral code: ${percent}% off your next service.`,
  unknown: 'Invalid referral code',
  used: 'This referral code has already been used.',
  expired: 'This referral code has expired.',
  tooMany: `You can generate up to ${CODES_PER_EMAIL_PER_DAY} referral codes a day for one email address. Please try again tomorrow.`,
} as const;

export interface ReferralValidation {
  valid: boolean;
  message: string;
  discountPercent?: number;
  code?: ReferralCode;
}

export function randomReferralCode(
  length: number = REFERRAL.codeLength,
  alphabet: string = REFERRAL.alphabet,
): string {
  let code = '';
  for (let i = 0; i < length; i++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

const normalise = (code: string) => code.trim().toUpperCase();

@Injectable()
export class ReferralService {
  constructor(@InjectRepository(ReferralCode) private readonly codes: Repository<ReferralCode>) {}

  /** A new code for `email`, refused with 429 past CODES_PER_EMAIL_PER_DAY in 24 hours. */
  async generate(email: string, makeCode: () => string = randomReferralCode): Promise<ReferralCode> {
    const owner = email.trim().toLowerCase();
    return this.codes.manager.transaction(async (em) => {
      // One generation per email at a time, so the daily count cannot be raced past.
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`referral:${owner}`]);
      const [{ count }] = await em.query(
        `SELECT count(*)::int AS count FROM referral_codes WHERE generated_by = $1 AND created_at > now() - interval '1 day'`,
        [owner],
      );
      if (count >= CODES_PER_EMAIL_PER_DAY) {
        throw new AppException(
          HttpStatus.TOO_MANY_REQUESTS,
          REFERRAL_MESSAGES.tooMany,
          'REFERRAL_DAILY_LIMIT',
        );
      }
      for (let attempt = 0; attempt < GENERATE_ATTEMPTS; attempt++) {
        const rows: { id: number }[] = await em.query(
          `INSERT INTO referral_codes (code, generated_by, discount_percent, expires_at)
           VALUES ($1, $2, $3, now() + make_interval(months => $4))
           ON CONFLICT (code) DO NOTHING
           RETURNING id`,
          [makeCode(), owner, REFERRAL.defaultDiscountPercent, REFERRAL.validityMonths],
        );
        if (rows.length) return em.getRepository(ReferralCode).findOneByOrFail({ id: rows[0].id });
      }
      throw new Error(`Could not draw a unique referral code in ${GENERATE_ATTEMPTS} attempts`);
    });
  }

  async validate(code: string): Promise<ReferralValidation> {
    const normalised = normalise(code);
    const found =
      normalised.length >= LIMITS.referral.codeMin && normalised.length <= LIMITS.referral.codeMax
        ? await this.codes.findOneBy({ code: normalised })
        : null;
    if (!found) return { valid: false, message: REFERRAL_MESSAGES.unknown };
    if (found.isUsed) return { valid: false, message: REFERRAL_MESSAGES.used, code: found };
    if (found.expiresAt.getTime() <= Date.now())
      return { valid: false, message: REFERRAL_MESSAGES.expired, code: found };
    return {
      valid: true,
      message: REFERRAL_MESSAGES.valid(found.discountPercent),
      discountPercent: found.discountPercent,
      code: found,
    };
  }

  /**
   * Marks the code used by `usedBy`. True only for the one caller whose UPDATE changed the row;
   * pass the payment's transaction manager so the use commits or rolls back with it.
   */
  async redeem(code: string, usedBy: string, manager?: EntityManager): Promise<boolean> {
    const runner = manager ?? this.codes.manager;
    const result: unknown = await runner.query(
      `UPDATE referral_codes
          SET is_used = true, used_by = $2, updated_at = now()
        WHERE code = $1 AND is_used = false AND expires_at > now()
        RETURNING id`,
      [normalise(code), usedBy.trim().toLowerCase() || null],
    );
    return affectedRows(result) === 1;
  }

  listFor(email: string): Promise<ReferralCode[]> {
    return this.codes.find({
      where: { generatedBy: email.trim().toLowerCase() },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
  }
}

/** TypeORM's postgres driver answers UPDATE … RETURNING with [rows, count]. */
function affectedRows(result: unknown): number {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[1];
  }
  return Array.isArray(result) ? result.length : 0;
}
