import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import type { AuditListResponse } from '@studio/shared';
import { Auth } from '../common/decorators/roles.decorator';
import { AuditQueryDto } from './dto/audit-query.dto';
import { AuditService } from './audit.service';

/** The audit log, admins only. Read and export; nothing edits or deletes an entry. */
@Controller('api/admin/audit')
@Auth('admin')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  async list(@Query() q: AuditQueryDto): Promise<AuditListResponse> {
    const { entries, total } = await this.audit.list(q, q.offset ?? 0, q.limit ?? 50);
    return { success: true, entries, total };
  }

  @Get('export')
  @Header('content-type', 'text/csv; charset=utf-8')
  @Header('cache-control', 'no-store')
  async export(@Query() q: AuditQueryDto): Promise<StreamableFile> {
    await this.audit.record({
      action: 'audit.export',
      targetType: 'audit',
      summary: 'Exported the audit log as CSV',
      after: { actorId: q.actorId ?? null, action: q.action ?? null, from: q.from ?? null, to: q.to ?? null },
    });
    const date = new Date().toISOString().slice(0, 10);
    return new StreamableFile(this.audit.csv(q), { disposition: `attachment; filename="audit-${date}.csv"` });
  }
}
