/**
 * Referral codes: the referrer generates one for their email and shares it; the friend's
 * booking uses it once. Guarantees:
 * - codes are random (crypto), REFERRAL.codeLength characters from an unambiguous alphabet,
 *   and unique (the database decides; a collision just draws again);
 * - `redeem` is one conditional UPDATE, so of any number of concurrent callers with one code
 *   exactly one gets `true`; an expired or used code is never redeemed;
 * - a checkout reserves the code it uses (`reserveForCheckout`) until it completes or expires,
 *   so one code cannot open several discounted checkouts; the code's owner cannot use it.
 */
import { HttpStatus, Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { LIMITS, REFERRAL } from '@studio/shared';
import { AppException, badRequest, conflict } from '../common/errors/app.exception';
import { ReferralCodeEntity } from './entities/referral-code.entity';
import { ReferralRepository } from './referral.repository';

/** How many codes one email may generate per day, whoever asks. */
export const CODES_PER_EMAIL_PER_DAY = 5;
const GENERATE_ATTEMPTS = 5;

export const REFERRAL_MESSAGES = {
  valid: (percent: number) => `Valid referral code: ${percent}% off your next service.`,
  unknown: 'Invalid referral code',
  used: 'This referral code has already been used.',
  expired: 'This referral code has expired.',
  reserved:
    'This referral code is being used in another checkout right now. If that was you, try again in an hour.',
  own: "You can't use your own referral code.",
  newCustomersOnly: 'Referral codes are for new customers, and this email address has booked with us before.',
  tooMany: `You can generate up to ${CODES_PER_EMAIL_PER_DAY} referral codes a day for one email address. Please try again tomorrow.`,
} as const;

export interface ReferralValidation {
  valid: boolean;
  message: string;
  discountPercent?: number;
  code?: ReferralCodeEntity;
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
  constructor(private readonly repository: ReferralRepository) {}

  /** A new code for `email`, refused with 429 past CODES_PER_EMAIL_PER_DAY in 24 hours. */
  async generate(email: string, makeCode: () => string = randomReferralCode): Promise<ReferralCodeEntity> {
    const owner = email.trim().toLowerCase();
    // One generation per email at a time, so the daily count cannot be raced past.
    return this.repository.withOwnerLock(owner, async (em) => {
      const count = await this.repository.countGeneratedToday(em, owner);
      if (count >= CODES_PER_EMAIL_PER_DAY) {
        throw new AppException(
          HttpStatus.TOO_MANY_REQUESTS,
          REFERRAL_MESSAGES.tooMany,
          'REFERRAL_DAILY_LIMIT',
        );
      }
      for (let attempt = 0; attempt < GENERATE_ATTEMPTS; attempt++) {
        const created = await this.repository.insertIfFree(em, {
          code: makeCode(),
          owner,
          discountPercent: REFERRAL.defaultDiscountPercent,
          validityMonths: REFERRAL.validityMonths,
        });
        if (created) return created;
      }
      throw new Error(`Could not draw a unique referral code in ${GENERATE_ATTEMPTS} attempts`);
    });
  }

  async validate(code: string): Promise<ReferralValidation> {
    const normalised = normalise(code);
    const found =
      normalised.length >= LIMITS.referral.codeMin && normalised.length <= LIMITS.referral.codeMax
        ? await this.repository.findByCode(normalised)
        : null;
    if (!found) return { valid: false, message: REFERRAL_MESSAGES.unknown };
    if (found.isUsed) return { valid: false, message: REFERRAL_MESSAGES.used, code: found };
    if (found.expiresAt.getTime() <= Date.now())
      return { valid: false, message: REFERRAL_MESSAGES.expired, code: found };
    if (found.reservedByPaymentId !== null && (found.reservedUntil?.getTime() ?? 0) > Date.now())
      return { valid: false, message: REFERRAL_MESSAGES.reserved, code: found };
    return {
      valid: true,
      message: REFERRAL_MESSAGES.valid(found.discountPercent),
      discountPercent: found.discountPercent,
      code: found,
    };
  }

  /**
   * The checks a checkout makes before it discounts: a usable code, not the customer's own.
   * (Whether the customer is new is the payments' business: they know who has booked.)
   */
  async checkForCheckout(code: string, customerEmail: string): Promise<ReferralCodeEntity> {
    const check = await this.validate(code);
    if (check.message === REFERRAL_MESSAGES.reserved)
      throw conflict(REFERRAL_MESSAGES.reserved, 'REFERRAL_CODE_RESERVED');
    if (!check.valid || !check.code) throw badRequest(check.message, 'INVALID_REFERRAL_CODE');
    if (check.code.generatedBy === customerEmail.trim().toLowerCase())
      throw badRequest(REFERRAL_MESSAGES.own, 'OWN_REFERRAL_CODE');
    return check.code;
  }

  /** Holds the code for the checkout of `paymentId`; 409 if another checkout got it first. */
  async reserveForCheckout(
    code: string,
    paymentId: number,
    minutes: number,
    manager?: EntityManager,
  ): Promise<void> {
    if (!(await this.repository.reserve(normalise(code), paymentId, minutes, manager)))
      throw conflict(REFERRAL_MESSAGES.reserved, 'REFERRAL_CODE_RESERVED');
  }

  /** The checkout of `paymentId` ended without paying: its code is free again. */
  release(paymentId: number, manager?: EntityManager): Promise<void> {
    return this.repository.release(paymentId, manager);
  }

  /**
   * Marks the code used by `usedBy`. True only for the one caller whose UPDATE changed the row;
   * a code reserved by another checkout is not redeemed. Pass the payment's transaction manager
   * so the use commits or rolls back with it.
   */
  redeem(
    code: string,
    usedBy: string,
    manager?: EntityManager,
    paymentId: number | null = null,
  ): Promise<boolean> {
    return this.repository.redeem(normalise(code), usedBy.trim().toLowerCase() || null, paymentId, manager);
  }

  listFor(email: string): Promise<ReferralCodeEntity[]> {
    return this.repository.listGeneratedBy(email.trim().toLowerCase());
  }
}
