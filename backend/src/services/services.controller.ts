import { Controller, Get, Header, Param, ParseIntPipe } from '@nestjs/common';
import { SERVICES_MAX_AGE_SECONDS, type ServiceDto } from '@studio/shared';
import { badRequest } from '../common/errors/app.exception';
import { ServiceListItem, ServicesService, toServiceDetail, toServiceListItem } from './services.service';

const serviceIdPipe = new ParseIntPipe({
  exceptionFactory: () => badRequest('The service id must be a whole number.', 'INVALID_SERVICE_ID'),
});

@Controller('api/services')
export class ServicesController {
  constructor(private readonly services: ServicesService) {}

  /** Cached for at most a minute, so a price edited in /admin/services shows within one. */
  @Get()
  @Header('cache-control', `public, max-age=${SERVICES_MAX_AGE_SECONDS}`)
  async list(): Promise<{ success: true; services: ServiceListItem[] }> {
    return { success: true, services: (await this.services.listActive()).map(toServiceListItem) };
  }

  @Get(':id')
  async get(@Param('id', serviceIdPipe) id: number): Promise<{ success: true; service: ServiceDto }> {
    return { success: true, service: toServiceDetail(await this.services.getActive(id)) };
  }
}
