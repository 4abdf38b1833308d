/**
 * Every query on the project tables (projects, project_events, project_files). Services hold
 * the rules; this class only reads and writes.
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ProjectActor, ProjectEventType, ProjectStatus, Protection } from '@studio/shared';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { returnedRows } from '../common/query-result';
import { ProjectEventEntity } from './entities/project-event.entity';
import { ProjectFileEntity } from './entities/project-file.entity';
import { ProjectEntity } from './entities/project.entity';

export interface NewProject {
  paymentId: number;
  customerEmail: string;
  customerName: string | null;
  serviceId: number | null;
  serviceName: string;
  quotedPence: number;
  depositPence: number;
  revisionRounds: number;
}

export interface NewEvent {
  projectId: string;
  type: ProjectEventType;
  actor: ProjectActor;
  actorName?: string | null;
  message: string;
  internal?: boolean;
}

/** A project waiting for the studio: in one of the statuses the dashboard lists, since when. */
export interface WaitingProjectRow {
  id: string;
  status: ProjectStatus;
  since: Date;
  customerName: string | null;
  customerEmail: string;
  serviceName: string;
  /** The balance asked for on approval (approved projects), in pence. */
  balancePence: number | null;
}

export interface ProjectListFilter {
  status?: ProjectStatus;
  search?: string;
  limit: number;
  offset: number;
}

export type ProjectWithCount = ProjectEntity & { fileCount: number };

/** What a step that locked the project row reads of it. */
export interface ProjectLock {
  id: string;
  status: ProjectStatus;
  quotedPence: number;
  depositPence: number;
  revisionRounds: number;
  customerEmail: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);

@Injectable()
export class ProjectsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Inserts the project of a payment unless it exists; returns the new id, or null. */
  async insertForPayment(m: EntityManager, p: NewProject): Promise<string | null> {
    const rows: { id: string }[] = await m.query(
      `INSERT INTO projects (payment_id, customer_email, customer_name, service_id, service_name,
                             quoted_pence, deposit_pence, revision_rounds)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (payment_id) DO NOTHING RETURNING id`,
      [
        p.paymentId,
        p.customerEmail,
        p.customerName,
        p.serviceId,
        p.serviceName,
        p.quotedPence,
        p.depositPence,
        p.revisionRounds,
      ],
    );
    return rows[0]?.id ?? null;
  }

  async appendEvent(e: NewEvent, m: EntityManager = this.ds.manager): Promise<void> {
    await m.query(
      `INSERT INTO project_events (project_id, type, actor, actor_name, message, internal)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [e.projectId, e.type, e.actor, e.actorName ?? null, e.message, e.internal ?? false],
    );
  }

  /** Locks the project row until the caller's transaction ends. */
  async lockIn(m: EntityManager, id: string): Promise<ProjectLock | null> {
    const rows: ProjectLock[] = await m.query(
      `SELECT id, status, quoted_pence AS "quotedPence", deposit_pence AS "depositPence",
              revision_rounds AS "revisionRounds", customer_email AS "customerEmail"
         FROM projects WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Moves the status in the caller's transaction (the row is locked) and appends the timeline line. */
  async setStatusIn(m: EntityManager, id: string, to: ProjectStatus, event: NewEvent): Promise<void> {
    await m.query(
      `UPDATE projects SET status = $2, status_changed_at = now(), updated_at = now() WHERE id = $1`,
      [id, to],
    );
    await this.appendEvent(event, m);
  }

  async setProtection(id: string, protection: Protection, tagEverySec: number): Promise<void> {
    await this.ds.query(
      `UPDATE projects SET protection = $2, tag_every_sec = $3, updated_at = now() WHERE id = $1`,
      [id, protection, tagEverySec],
    );
  }

  findById(id: string): Promise<ProjectEntity | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.ds.getRepository(ProjectEntity).findOneBy({ id });
  }

  /** The project a payment opened (a deposit or plan booking) or paid (a balance), in `m`. */
  async idForPayment(m: EntityManager, paymentId: number, metaProjectId: unknown): Promise<string | null> {
    const rows: { id: string }[] = await m.query(`SELECT id FROM projects WHERE payment_id = $1`, [
      paymentId,
    ]);
    if (rows[0]) return rows[0].id;
    return typeof metaProjectId === 'string' && isUuid(metaProjectId) ? metaProjectId : null;
  }

  findByPayment(paymentId: number): Promise<ProjectEntity | null> {
    return this.ds.getRepository(ProjectEntity).findOneBy({ paymentId });
  }

  /** The project only when it belongs to `email`: anyone else gets null (and so a 404). */
  findOwned(id: string, email: string): Promise<ProjectEntity | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.ds.getRepository(ProjectEntity).findOneBy({ id, customerEmail: email });
  }

  async existsForEmail(email: string): Promise<boolean> {
    const rows: unknown[] = await this.ds.query(`SELECT 1 FROM projects WHERE customer_email = $1 LIMIT 1`, [
      email,
    ]);
    return rows.length > 0;
  }

  async listForEmail(email: string): Promise<ProjectWithCount[]> {
    return this.withCounts(
      this.ds
        .getRepository(ProjectEntity)
        .createQueryBuilder('p')
        .where('p.customer_email = :email', { email })
        .orderBy('p.created_at', 'DESC'),
    ).then((r) => r.rows);
  }

  async list(f: ProjectListFilter): Promise<{ rows: ProjectWithCount[]; total: number }> {
    const qb = this.ds.getRepository(ProjectEntity).createQueryBuilder('p');
    if (f.status) qb.andWhere('p.status = :status', { status: f.status });
    if (f.search) {
      qb.andWhere(`(p.customer_email ILIKE :q OR p.customer_name ILIKE :q OR p.service_name ILIKE :q)`, {
        q: `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
      });
    }
    qb.orderBy('p.created_at', 'DESC').skip(f.offset).take(f.limit);
    return this.withCounts(qb);
  }

  /**
   * Every project in one of `statuses`, oldest wait first. The balance amount is read from the
   * request the approval wrote (reviews' table, read only).
   */
  waiting(statuses: readonly ProjectStatus[]): Promise<WaitingProjectRow[]> {
    if (!statuses.length) return Promise.resolve([]);
    return this.ds.query(
      `SELECT p.id, p.status, p.status_changed_at AS since, p.customer_name AS "customerName",
              p.customer_email AS "customerEmail", p.service_name AS "serviceName",
              b.amount_pence AS "balancePence"
         FROM projects p
         LEFT JOIN project_balance_requests b ON b.project_id = p.id AND b.paid_at IS NULL
        WHERE p.status = ANY($1::varchar[])
        ORDER BY p.status_changed_at, p.id`,
      [statuses],
    );
  }

  private async withCounts(
    qb: SelectQueryBuilder<ProjectEntity>,
  ): Promise<{ rows: ProjectWithCount[]; total: number }> {
    const [projects, total] = await qb.getManyAndCount();
    if (!projects.length) return { rows: [], total };
    const counts: { project_id: string; n: string }[] = await this.ds.query(
      `SELECT project_id, count(*) AS n FROM project_files
        WHERE project_id = ANY($1::uuid[]) AND status <> 'uploading' AND kind IS NOT NULL GROUP BY project_id`,
      [projects.map((p) => p.id)],
    );
    const byId = new Map(counts.map((c) => [c.project_id, Number(c.n)]));
    return { rows: projects.map((p) => Object.assign(p, { fileCount: byId.get(p.id) ?? 0 })), total };
  }

  events(projectId: string, includeInternal: boolean): Promise<ProjectEventEntity[]> {
    const where = includeInternal ? { projectId } : { projectId, internal: false };
    return this.ds.getRepository(ProjectEventEntity).find({ where, order: { id: 'ASC' } });
  }

  /**
   * Moves the status only if it is still `from` (a concurrent change loses instead of being
   * overwritten); returns whether it moved. The timeline line goes in the same transaction.
   */
  async moveStatus(id: string, from: ProjectStatus, to: ProjectStatus, event: NewEvent): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const rows: [unknown[], number] = await m.query(
        `UPDATE projects SET status = $3, status_changed_at = now(), updated_at = now() WHERE id = $1 AND status = $2 RETURNING id`,
        [id, from, to],
      );
      if (!rows[1]) return false;
      await this.appendEvent(event, m);
      return true;
    });
  }

  files(projectId: string): Promise<ProjectFileEntity[]> {
    return this.ds
      .getRepository(ProjectFileEntity)
      .find({ where: { projectId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findFile(id: string): Promise<ProjectFileEntity | null> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) return Promise.resolve(null);
    return this.ds.getRepository(ProjectFileEntity).findOneBy({ id });
  }

  /** Bytes a project holds: stored files, and what arrived (or is arriving) for uploads in flight. */
  async usedBytes(projectId: string): Promise<number> {
    const [row]: { total: string | null }[] = await this.ds.query(
      `SELECT sum(received) AS total FROM project_files WHERE project_id = $1 AND status <> 'failed'`,
      [projectId],
    );
    return Number(row?.total ?? 0);
  }

  /**
   * Registers a new upload: inserts the file row, holding no bytes yet, unless the project
   * already has `maxFiles` files or the declared size would not fit beside what it holds.
   * Serialised per project with a row lock so two parallel creations cannot both take the last
   * place.
   */
  async reserveFile(
    file: { id: string; projectId: string; name: string; size: number },
    limits: { maxBytes: number; maxFiles: number },
  ): Promise<'ok' | 'too-large' | 'too-many'> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT id FROM projects WHERE id = $1 FOR UPDATE`, [file.projectId]);
      const [row]: { total: string | null; files: number }[] = await m.query(
        `SELECT sum(received) AS total, count(*)::int AS files
           FROM project_files WHERE project_id = $1 AND status <> 'failed'`,
        [file.projectId],
      );
      if (row.files >= limits.maxFiles) return 'too-many';
      if (Number(row.total ?? 0) + file.size > limits.maxBytes) return 'too-large';
      await m.query(`INSERT INTO project_files (id, project_id, name, size) VALUES ($1, $2, $3, $4)`, [
        file.id,
        file.projectId,
        file.name,
        file.size,
      ]);
      return 'ok';
    });
  }

  /**
   * Before a write: claims room for the upload to hold `bytes` in all, if the project stays
   * within `maxBytes` with it (the other files at what they hold). Under the project's row lock,
   * so parallel writes to several uploads cannot together pass the limit. False when it would not
   * fit; nothing changes then.
   */
  async claimReceived(fileId: string, projectId: string, bytes: number, maxBytes: number): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT id FROM projects WHERE id = $1 FOR UPDATE`, [projectId]);
      const [row]: { total: string | null }[] = await m.query(
        `SELECT sum(received) AS total FROM project_files
          WHERE project_id = $1 AND status <> 'failed' AND id <> $2`,
        [projectId, fileId],
      );
      if (Number(row?.total ?? 0) + bytes > maxBytes) return false;
      await m.query(
        `UPDATE project_files SET received = LEAST($2::bigint, size) WHERE id = $1 AND status = 'uploading'`,
        [fileId, bytes],
      );
      return true;
    });
  }

  /** After a write: what an upload in flight really holds. */
  async setReceived(fileId: string, bytes: number): Promise<void> {
    await this.ds.query(
      `UPDATE project_files SET received = LEAST($2::bigint, size) WHERE id = $1 AND status = 'uploading'`,
      [fileId, bytes],
    );
  }

  /** An upload in flight the client deleted: failed with `warning`, so it counts no more. */
  async cancelUpload(fileId: string, warning: string): Promise<boolean> {
    const rows = returnedRows<{ id: string }>(
      await this.ds.query(
        `UPDATE project_files
            SET status = 'failed', received = 0, warnings = warnings || jsonb_build_array($2::text), updated_at = now()
          WHERE id = $1 AND status = 'uploading' RETURNING id`,
        [fileId, warning],
      ),
    );
    return rows.length > 0;
  }

  /**
   * Marks uploads still unfinished `olderThanMs` after they started as failed, with `warning`,
   * and returns their ids. One statement, so two processes sweeping at once claim each row once.
   */
  async expireUploads(tx: EntityManager, olderThanMs: number, warning: string): Promise<string[]> {
    const rows = returnedRows<{ id: string }>(
      await tx.query(
        `UPDATE project_files
            SET status = 'failed', warnings = warnings || jsonb_build_array($2::text), updated_at = now()
          WHERE status = 'uploading' AND created_at < now() - make_interval(secs => $1::double precision / 1000)
          RETURNING id`,
        [olderThanMs, warning],
      ),
    );
    return rows.map((r) => r.id);
  }

  async updateFile(
    id: string,
    patch: Partial<Pick<ProjectFileEntity, 'kind' | 'status' | 'sha256' | 'probe' | 'warnings' | 'received'>>,
  ): Promise<void> {
    await this.ds.getRepository(ProjectFileEntity).update({ id }, patch);
  }
}
