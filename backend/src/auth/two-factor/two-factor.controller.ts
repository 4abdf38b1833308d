import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { RecoveryCodesResponse, TwoFactorEnrolment, TwoFactorStatus } from '@studio/shared';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Auth } from '../../common/decorators/roles.decorator';
import { conflict } from '../../common/errors/app.exception';
import { UserEntity } from '../../users/entities/user.entity';
import { TwoFactorCodeDto } from '../dto/two-factor.dto';
import { SecuritySettingsService } from '../security-settings.service';
import { TwoFactorService, wrongCode } from './two-factor.service';

/** The signed-in person's own two-factor sign-in (profile page). */
@Controller('api/account/2fa')
@Auth()
export class TwoFactorController {
  constructor(
    private readonly twoFactor: TwoFactorService,
    private readonly settings: SecuritySettingsService,
  ) {}

  @Get()
  async status(@CurrentUser() user: UserEntity): Promise<{ success: true } & TwoFactorStatus> {
    return { success: true, ...(await this.twoFactor.status(user)) };
  }

  @Post('setup')
  @HttpCode(200)
  setup(@CurrentUser() user: UserEntity): Promise<TwoFactorEnrolment> {
    return this.twoFactor.begin(user);
  }

  @Post('confirm')
  @HttpCode(200)
  async confirm(
    @CurrentUser() user: UserEntity,
    @Body() dto: TwoFactorCodeDto,
  ): Promise<RecoveryCodesResponse> {
    return { success: true, recoveryCodes: await this.twoFactor.confirm(user, dto.code) };
  }

  @Post('recovery-codes')
  @HttpCode(200)
  async recoveryCodes(
    @CurrentUser() user: UserEntity,
    @Body() dto: TwoFactorCodeDto,
  ): Promise<RecoveryCodesResponse> {
    return { success: true, recoveryCodes: await this.twoFactor.regenerateRecoveryCodes(user, dto.code) };
  }

  @Post('disable')
  @HttpCode(200)
  async disable(@CurrentUser() user: UserEntity, @Body() dto: TwoFactorCodeDto) {
    if (await this.settings.mustEnrol({ role: user.role, totpEnabledAt: null })) {
      throw conflict(
        'Your studio requires two-factor sign-in for staff, so it cannot be turned off.',
        'TWO_FACTOR_REQUIRED',
      );
    }
    if (!(await this.twoFactor.verify(user.id, dto.code))) throw wrongCode();
    await this.twoFactor.disable(user);
    return { success: true, message: 'Two-factor sign-in is off.' };
  }
}
