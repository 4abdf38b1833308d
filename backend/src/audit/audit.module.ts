import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditContextInterceptor } from './audit-context';
import { AuditPersonalDataRepository } from './audit-personal-data.repository';
import { AuditController } from './audit.controller';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { AuditEntryEntity } from './entities/audit-entry.entity';

/** Global: every feature may inject AuditService to record its staff actions. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AuditEntryEntity])],
  controllers: [AuditController],
  providers: [
    AuditRepository,
    AuditService,
    AuditPersonalDataRepository,
    { provide: APP_INTERCEPTOR, useClass: AuditContextInterceptor },
  ],
  exports: [AuditService, AuditPersonalDataRepository],
})
export class AuditModule {}
