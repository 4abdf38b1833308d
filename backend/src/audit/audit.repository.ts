import { Injectable } from '@nestjs/common';
import type { AuditEntryDto } from '@studio/shared';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, SelectQueryBuilder } from 'typeorm';
import { AuditEntryEntity } from './entities/audit-entry.entity';

/** An entry as written: the listed shape without the id and time the database assigns. */
export type NewAuditEntry = Omit<AuditEntryDto, 'id' | 'at'>;

export interface AuditFilter {
  actorId?: number;
  action?: string;
  from?: Date;
  to?: Date;
}

/** Every query on `audit_log`. There is deliberately no update or delete here. */
@Injectable()
export class AuditRepository {
  constructor(@InjectRepository(AuditEntryEntity) private readonly rows: Repository<AuditEntryEntity>) {}

  async insert(e: NewAuditEntry): Promise<void> {
    await this.rows.query(
      `INSERT INTO audit_log (actor_id, actor_name, ip, action, target_type, target_id, summary, before, after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        e.actorId,
        e.actorName,
        e.ip,
        e.action,
        e.targetType,
        e.targetId,
        e.summary,
        e.before === undefined ? null : JSON.stringify(e.before),
        e.after === undefined ? null : JSON.stringify(e.after),
      ],
    );
  }

  private filtered(f: AuditFilter): SelectQueryBuilder<AuditEntryEntity> {
    const q = this.rows.createQueryBuilder('a');
    if (f.actorId !== undefined) q.andWhere('a.actor_id = :actorId', { actorId: f.actorId });
    if (f.action) q.andWhere('a.action = :action', { action: f.action });
    if (f.from) q.andWhere('a.at >= :from', { from: f.from });
    if (f.to) q.andWhere('a.at < :to', { to: f.to });
    return q;
  }

  page(f: AuditFilter, offset: number, limit: number): Promise<[AuditEntryEntity[], number]> {
    return this.filtered(f).orderBy('a.id', 'DESC').skip(offset).take(limit).getManyAndCount();
  }

  /** Newest first, `limit` rows older than `beforeId` (keyset paging for the CSV stream). */
  batch(f: AuditFilter, beforeId: string | null, limit: number): Promise<AuditEntryEntity[]> {
    const q = this.filtered(f);
    if (beforeId) q.andWhere('a.id < :beforeId', { beforeId });
    return q.orderBy('a.id', 'DESC').take(limit).getMany();
  }
}
