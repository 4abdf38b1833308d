import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ACCOUNT_MESSAGES } from '@studio/shared';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Auth } from '../common/decorators/roles.decorator';
import { UserEntity } from '../users/entities/user.entity';
import { AuthService } from './auth.service';
import { AuthThrottle } from './auth-throttle';
import { ChangePasswordDto, ForgotPasswordDto, TokenPasswordDto } from './dto/password.dto';

/** Forgotten, reset and changed passwords, and accepting a staff invitation. */
@Controller('api')
export class PasswordController {
  constructor(private readonly auth: AuthService) {}

  @Post('password/forgot')
  @HttpCode(200)
  @AuthThrottle()
  forgot(@Body() dto: ForgotPasswordDto) {
    this.auth.requestPasswordReset(dto.email);
    return { success: true, message: ACCOUNT_MESSAGES.forgotAnswer };
  }

  @Post('password/reset')
  @HttpCode(200)
  @AuthThrottle()
  async reset(@Body() dto: TokenPasswordDto) {
    await this.auth.resetPassword(dto.token, dto.password);
    return { success: true, message: 'Your password has been reset. Please sign in with it.' };
  }

  @Post('password/change')
  @HttpCode(200)
  @Auth()
  async change(@CurrentUser() user: UserEntity, @Body() dto: ChangePasswordDto) {
    await this.auth.changePassword(user, dto.currentPassword, dto.newPassword);
    return { success: true, message: ACCOUNT_MESSAGES.passwordChanged };
  }

  @Post('invitations/accept')
  @HttpCode(200)
  @AuthThrottle()
  async acceptInvitation(@Body() dto: TokenPasswordDto) {
    await this.auth.acceptInvitation(dto.token, dto.password);
    return { success: true, message: 'Your password is set. Please sign in.' };
  }
}
