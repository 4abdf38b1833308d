import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { RecoveryCodesResponse, TwoFactorEnrolment, TwoFactorStatus } from '@studio/shared';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Auth } from '../../common/decorators/roles.decorator';
import { UserEntity } from '../../users/entities/user.entity';
import { TwoFactorCodeDto } from '../dto/two-factor.dto';
import { TwoFactorService } from './two-factor.service';

/** The signed-in person's own two-factor sign-in (profile page). */
@Controller('api/account/2fa')
@Auth()
export class TwoFactorController {
  constructor(private readonly twoFactor: TwoFactorService) {}

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
    await this.twoFactor.turnOff(user, dto.code);
    return { success: true, message: 'Two-factor sign-in is off.' };
  }
}
