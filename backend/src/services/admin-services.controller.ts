import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { AdminService, PagedResponse } from '@studio/shared';
import { Auth } from '../common/decorators/roles.decorator';
import { IdParamPipe } from '../common/pipes/id-param.pipe';
import { SaveServiceDto, ServiceListQuery } from './dto/save-service.dto';
import { ServicesService } from './services.service';

/** /admin/services: the catalogue and its prices. Money, so admins only. */
@Controller('api/admin/services')
@Auth('admin')
export class AdminServicesController {
  constructor(private readonly services: ServicesService) {}

  @Get()
  async list(@Query() q: ServiceListQuery): Promise<PagedResponse<AdminService>> {
    return { success: true, ...(await this.services.adminList(q)) };
  }

  @Get(':id')
  async get(@Param('id', IdParamPipe) id: number) {
    return { success: true, service: await this.services.adminGet(id) };
  }

  @Post()
  async create(@Body() dto: SaveServiceDto) {
    return { success: true, message: 'Service created', service: await this.services.create(dto) };
  }

  @Put(':id')
  async update(@Param('id', IdParamPipe) id: number, @Body() dto: SaveServiceDto) {
    return { success: true, message: 'Service updated', service: await this.services.update(id, dto) };
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id', IdParamPipe) id: number) {
    await this.services.remove(id);
    return { success: true, message: 'Service deleted' };
  }
}
