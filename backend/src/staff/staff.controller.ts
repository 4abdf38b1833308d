import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import type { StaffListResponse } from '@studio/shared';
import { IdParamPipe } from '../common/pipes/id-param.pipe';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Auth } from '../common/decorators/roles.decorator';
import { UserEntity } from '../users/entities/user.entity';
import { ChangeRoleDto, InviteStaffDto, SecuritySettingsDto } from './dto/staff.dto';
import { StaffService } from './staff.service';

/** `/admin/users`: admins only. */
@Controller('api/admin/users')
@Auth('admin')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  async list(): Promise<StaffListResponse> {
    return { success: true, ...(await this.staff.list()) };
  }

  @Post('invite')
  async invite(@Body() dto: InviteStaffDto, @CurrentUser() by: UserEntity) {
    return {
      success: true,
      message: `Invitation sent to ${dto.email}`,
      user: await this.staff.invite(dto, by),
    };
  }

  @Post(':id/resend-invitation')
  @HttpCode(200)
  async resend(@Param('id', IdParamPipe) id: number, @CurrentUser() by: UserEntity) {
    await this.staff.resendInvitation(id, by);
    return { success: true, message: 'Invitation sent again' };
  }

  @Patch(':id/role')
  async role(@Param('id', IdParamPipe) id: number, @Body() dto: ChangeRoleDto) {
    return { success: true, message: 'Role changed', user: await this.staff.changeRole(id, dto.role) };
  }

  @Post(':id/deactivate')
  @HttpCode(200)
  async deactivate(@Param('id', IdParamPipe) id: number) {
    return { success: true, message: 'Account deactivated', user: await this.staff.deactivate(id) };
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  async reactivate(@Param('id', IdParamPipe) id: number) {
    return { success: true, message: 'Account reactivated', user: await this.staff.reactivate(id) };
  }

  @Post(':id/reset-2fa')
  @HttpCode(200)
  async resetTwoFactor(@Param('id', IdParamPipe) id: number) {
    return {
      success: true,
      message: 'Two-factor sign-in turned off',
      user: await this.staff.resetTwoFactor(id),
    };
  }

  @Put('security')
  async security(@Body() dto: SecuritySettingsDto, @CurrentUser() by: UserEntity) {
    await this.staff.setRequireTwoFactor(dto.requireTwoFactor, by);
    return { success: true, message: 'Security settings saved', requireTwoFactor: dto.requireTwoFactor };
  }
}
