import { getJson, type AuditListResponse } from '@studio/shared';

export interface AuditFilter {
  actorId?: number;
  action?: string;
  from?: string;
  to?: string;
}

function query(f: AuditFilter, extra: Record<string, string> = {}): URLSearchParams {
  const q = new URLSearchParams(extra);
  if (f.actorId) q.set('actorId', String(f.actorId));
  if (f.action) q.set('action', f.action);
  if (f.from) q.set('from', f.from);
  if (f.to) q.set('to', f.to);
  return q;
}

export function listAudit(f: AuditFilter, limit: number, offset: number): Promise<AuditListResponse> {
  return getJson<AuditListResponse>(
    `/api/admin/audit?${query(f, { limit: String(limit), offset: String(offset) })}`,
  );
}

/** A plain link: the browser streams the file to disk (the session cookie goes along). */
export function auditCsvUrl(f: AuditFilter): string {
  return `/api/admin/audit/export?${query(f)}`;
}
