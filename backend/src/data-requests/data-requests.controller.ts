import { Body, Controller, Header, HttpCode, Post } from '@nestjs/common';
import type { DataErasureResult, DataExport } from '@studio/shared';
import { Auth } from '../common/decorators/roles.decorator';
import { DataRequestsService } from './data-requests.service';
import { DataRequestDto } from './dto/data-request.dto';

/** `/admin/data-requests`: admins only. POST so the address never lands in a URL or a log. */
@Controller('api/admin/data-requests')
@Auth('admin')
export class DataRequestsController {
  constructor(private readonly requests: DataRequestsService) {}

  @Post('export')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  export(@Body() dto: DataRequestDto): Promise<DataExport> {
    return this.requests.export(dto.email);
  }

  @Post('erase')
  @HttpCode(200)
  erase(@Body() dto: DataRequestDto): Promise<DataErasureResult> {
    return this.requests.erase(dto.email);
  }
}
