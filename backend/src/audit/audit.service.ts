/**
 * The audit log: who changed what, when, from where, with a before/after summary. Any feature
 * injects AuditService (the module is global) and calls `record` after the change is saved.
 * The actor and address come from the request being handled (audit-context.ts) unless given.
 * Recording never throws into the caller: a failed write is logged, the staff action stands.
 */
import { Injectable, Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import type { AuditAction, AuditEntryDto } from '@studio/shared';
import { AuditActor, currentActor } from './audit-context';
import { AuditFilter, AuditRepository } from './audit.repository';
import { AuditEntryEntity } from './entities/audit-entry.entity';

export interface AuditRecord {
  action: AuditAction;
  /** What was acted on, e.g. 'post' and its id. */
  targetType?: string;
  targetId?: string | number | null;
  /** One human line: "Published “Mixing vocals”". */
  summary: string;
  /** The fields that changed, before and after (small: ids, titles, prices, roles). */
  before?: unknown;
  after?: unknown;
  /** Overrides the request's signed-in user (jobs, webhooks, the sign-in flow itself). */
  actor?: Partial<AuditActor>;
}

const CSV_BATCH = 500;
const CSV_COLUMNS = [
  'id',
  'at',
  'actorId',
  'actorName',
  'ip',
  'action',
  'targetType',
  'targetId',
  'summary',
  'before',
  'after',
] as const;

@Injectable()
export class AuditService {
  private readonly logger = new Logger(AuditService.name);

  constructor(private readonly entries: AuditRepository) {}

  async record(r: AuditRecord): Promise<void> {
    const fromRequest = currentActor();
    const actor = { id: null, name: null, ip: null, ...fromRequest, ...r.actor };
    try {
      await this.entries.insert({
        actorId: actor.id ?? null,
        actorName: actor.name ?? null,
        ip: actor.ip ?? null,
        action: r.action,
        targetType: r.targetType ?? null,
        targetId: r.targetId === undefined || r.targetId === null ? null : String(r.targetId).slice(0, 100),
        summary: r.summary.slice(0, 500),
        before: r.before,
        after: r.after,
      });
    } catch (err) {
      this.logger.error(`Audit entry "${r.action}" not written: ${(err as Error).message}`);
    }
  }

  async list(
    f: AuditFilter,
    offset: number,
    limit: number,
  ): Promise<{ entries: AuditEntryDto[]; total: number }> {
    const [rows, total] = await this.entries.page(f, offset, limit);
    return { entries: rows.map(toDto), total };
  }

  /** The filtered log as CSV, read and written in batches (never all in memory). */
  csv(f: AuditFilter): Readable {
    const entries = this.entries;
    async function* lines(): AsyncGenerator<string> {
      yield `${CSV_COLUMNS.join(',')}\r\n`;
      let last: string | null = null;
      for (;;) {
        const rows = await entries.batch(f, last, CSV_BATCH);
        if (!rows.length) return;
        let chunk = '';
        for (const row of rows) {
          const d = toDto(row);
          chunk += `${CSV_COLUMNS.map((c) => csvCell(d[c])).join(',')}\r\n`;
        }
        yield chunk;
        last = rows[rows.length - 1].id;
        if (rows.length < CSV_BATCH) return;
      }
    }
    return Readable.from(lines());
  }
}

export function toDto(e: AuditEntryEntity): AuditEntryDto {
  return {
    id: Number(e.id),
    at: e.at.toISOString(),
    actorId: e.actorId,
    actorName: e.actorName,
    ip: e.ip,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    summary: e.summary,
    before: e.before ?? null,
    after: e.after ?? null,
  };
}

/**
 * One CSV cell: quoted when needed, and a leading = + - @ neutralised so a spreadsheet never
 * runs a formula from a logged title.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
