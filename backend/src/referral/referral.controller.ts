import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import type { ReferralCodeDto, ReferralListEntry } from '@studio/shared';
import { PublicThrottle, THROTTLES } from '../common/guards/public-throttle';
import { ReferralCodeEntity } from './entities/referral-code.entity';
import { ReferralEmailDto, ReferralListQuery, ValidateReferralDto } from './dto/referral.dto';
import { ReferralService } from './referral.service';

const toCodeDto = (c: ReferralCodeEntity): ReferralCodeDto => ({
  code: c.code,
  discountPercent: c.discountPercent,
  expiresAt: c.expiresAt.toISOString(),
});

const toListEntry = (c: ReferralCodeEntity): ReferralListEntry & { discountPercent: number } => ({
  id: c.id,
  code: c.code,
  isUsed: c.isUsed,
  // Who used a code is the friend's personal data: it never leaves the server.
  usedBy: null,
  createdAt: c.createdAt.toISOString(),
  expiresAt: c.expiresAt.toISOString(),
  discountPercent: c.discountPercent,
});

@Controller('api/referral')
export class ReferralController {
  constructor(private readonly referrals: ReferralService) {}

  @Post('generate')
  @PublicThrottle(...THROTTLES.referralGenerate)
  async generate(@Body() dto: ReferralEmailDto) {
    const code = await this.referrals.generate(dto.email);
    return {
      success: true,
      message: 'Your referral code has been successfully generated.',
      referralCode: toCodeDto(code),
    };
  }

  /** Always 200 for a well-formed request: `valid` says whether the code can be used. */
  @Post('validate')
  @HttpCode(200)
  @PublicThrottle(...THROTTLES.referralRead)
  async validate(@Body() dto: ValidateReferralDto) {
    const result = await this.referrals.validate(dto.code);
    return {
      success: true,
      valid: result.valid,
      message: result.message,
      ...(result.valid && result.code ? { code: toCodeDto(result.code) } : {}),
    };
  }

  @Get('list')
  @PublicThrottle(...THROTTLES.referralRead)
  async list(@Query() query: ReferralListQuery) {
    const codes = await this.referrals.listFor(query.email);
    return { success: true, referralCodes: codes.map(toListEntry) };
  }
}
