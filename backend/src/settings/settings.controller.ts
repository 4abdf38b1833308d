import { Body, Controller, Get, Put } from '@nestjs/common';
import { Auth } from '../common/decorators/roles.decorator';
import { UpdateSettingsDto } from './dto/update-settings.dto';
import { SettingsService } from './settings.service';

@Controller()
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** What any visitor's page needs: the name, the description and the social links. */
  @Get('api/settings')
  async publicSettings() {
    return { success: true, settings: await this.settings.getPublic() };
  }

  @Get('api/admin/settings')
  @Auth('admin')
  async all() {
    return { success: true, settings: await this.settings.get() };
  }

  @Put('api/admin/settings')
  @Auth('admin')
  async update(@Body() dto: UpdateSettingsDto) {
    return { success: true, message: 'Settings saved', settings: await this.settings.update(dto) };
  }
}
