/**
 * Every query of projects part 2: versions, comments, revision rounds, extra money lines, the
 * balance request, final files and downloads. Services hold the rules; this class only reads
 * and writes. Other features' rows are written through their module: the project row and its
 * timeline through ProjectsRepository (see review-steps.ts), payments through PaymentsService;
 * payments are only read here (a project's list price and refunds). Methods that take an EntityManager run in the caller's
 * transaction (rounds, approval and the balance webhook lock the project row first).
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  ReviewCommentDto,
  FinalFileDto,
  MoneyLineDto,
  ProjectStatus,
  Protection,
  RoundDto,
  VersionKind,
  VersionStatus,
} from '@studio/shared';
import { DataSource, EntityManager } from 'typeorm';

export interface VersionRow {
  id: string;
  projectId: string;
  number: number;
  kind: VersionKind;
  name: string;
  size: number;
  sourceKey: string;
  previewKey: string | null;
  status: VersionStatus;
  durationSec: number | null;
  loudnessLufs: number | null;
  protection: Protection;
  note: string | null;
  error: string | null;
  createdAt: Date;
}

export interface BalanceRequestRow {
  projectId: string;
  token: string;
  amountPence: number;
  paymentId: number | null;
  /** 1, then one more each time a re-approval changed the amount. */
  version: number;
  createdAt: Date;
  paidAt: Date | null;
}

const VERSION_COLUMNS = `id, project_id AS "projectId", number, kind, name, size::float8 AS size,
  source_key AS "sourceKey", preview_key AS "previewKey", status, duration_sec AS "durationSec",
  loudness_lufs AS "loudnessLufs", protection, note, error, created_at AS "createdAt"`;

const COMMENT_COLUMNS = `c.id::int AS id, c.version_id AS "versionId", v.number AS "versionNumber",
  c.parent_id::int AS "parentId", c.round_id::int AS "roundId", c.author,
  c.author_name AS "authorName", c.body, c.at_sec AS "atSec", c.end_sec AS "endSec",
  (c.resolved_at IS NOT NULL) AS resolved, c.created_at AS "createdAt"`;

/** node-postgres through TypeORM returns [rows, count] for UPDATE … RETURNING. */
const rowsOf = <T>(r: unknown): T[] => (Array.isArray(r) && Array.isArray(r[0]) ? (r[0] as T[]) : (r as T[]));

@Injectable()
export class ReviewsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  // --- versions

  async insertVersion(v: {
    projectId: string;
    kind: VersionKind;
    name: string;
    size: number;
    sourceKey: string;
    protection: Protection;
    note: string | null;
  }): Promise<VersionRow> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT id FROM projects WHERE id = $1 FOR UPDATE`, [v.projectId]);
      const rows: VersionRow[] = await m.query(
        `INSERT INTO project_versions (project_id, number, kind, name, size, source_key, protection, note)
         VALUES ($1, (SELECT coalesce(max(number), 0) + 1 FROM project_versions WHERE project_id = $1),
                 $2, $3, $4, $5, $6, $7)
         RETURNING ${VERSION_COLUMNS}`,
        [v.projectId, v.kind, v.name, v.size, v.sourceKey, v.protection, v.note],
      );
      return rows[0];
    });
  }

  async findVersion(id: string): Promise<VersionRow | null> {
    const rows: VersionRow[] = await this.ds.query(
      `SELECT ${VERSION_COLUMNS} FROM project_versions WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  versions(projectId: string): Promise<VersionRow[]> {
    return this.ds.query(
      `SELECT ${VERSION_COLUMNS} FROM project_versions WHERE project_id = $1 ORDER BY number`,
      [projectId],
    );
  }

  async peaks(versionId: string): Promise<number[] | null> {
    const rows: { peaks: number[] | null }[] = await this.ds.query(
      `SELECT peaks FROM project_versions WHERE id = $1`,
      [versionId],
    );
    return rows[0]?.peaks ?? null;
  }

  /** Records a finished preview; false when it was already recorded (a repeated job). */
  async versionReady(
    m: EntityManager,
    id: string,
    r: { previewKey: string; durationSec: number; loudnessLufs: number | null; peaks: number[] },
  ): Promise<boolean> {
    const res = await m.query(
      `UPDATE project_versions SET status = 'ready', preview_key = $2, duration_sec = $3,
              loudness_lufs = $4, peaks = $5::jsonb, error = NULL
        WHERE id = $1 AND status <> 'ready' RETURNING id`,
      [id, r.previewKey, r.durationSec, r.loudnessLufs, JSON.stringify(r.peaks)],
    );
    return rowsOf(res).length > 0;
  }

  async versionFailed(id: string, error: string): Promise<void> {
    await this.ds.query(
      `UPDATE project_versions SET status = 'failed', error = $2 WHERE id = $1 AND status <> 'ready'`,
      [id, error.slice(0, 1000)],
    );
  }

  // --- comments and rounds

  async comments(projectId: string): Promise<ReviewCommentDto[]> {
    const rows: (ReviewCommentDto & { createdAt: Date })[] = await this.ds.query(
      `SELECT ${COMMENT_COLUMNS} FROM project_comments c JOIN project_versions v ON v.id = c.version_id
        WHERE c.project_id = $1 ORDER BY v.number, c.at_sec, c.id`,
      [projectId],
    );
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
  }

  async findComment(projectId: string, id: number): Promise<{ id: number; parentId: number | null } | null> {
    const rows: { id: number; parentId: number | null }[] = await this.ds.query(
      `SELECT id::int AS id, parent_id::int AS "parentId" FROM project_comments WHERE project_id = $1 AND id = $2`,
      [projectId, id],
    );
    return rows[0] ?? null;
  }

  /** The project's draft round, made when missing (one per project: a partial unique index). */
  async draftRound(m: EntityManager, projectId: string): Promise<number> {
    await m.query(
      `INSERT INTO project_rounds (project_id) VALUES ($1)
       ON CONFLICT (project_id) WHERE status = 'draft' DO NOTHING`,
      [projectId],
    );
    const rows: { id: number }[] = await m.query(
      `SELECT id::int AS id FROM project_rounds WHERE project_id = $1 AND status = 'draft'`,
      [projectId],
    );
    return rows[0].id;
  }

  async insertComment(
    m: EntityManager,
    c: { projectId: string } & Pick<
      ReviewCommentDto,
      'versionId' | 'parentId' | 'roundId' | 'author' | 'authorName' | 'body' | 'atSec' | 'endSec'
    >,
  ): Promise<number> {
    const rows: { id: number }[] = await m.query(
      `INSERT INTO project_comments (project_id, version_id, parent_id, round_id, author, author_name, body, at_sec, end_sec)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::int AS id`,
      [c.projectId, c.versionId, c.parentId, c.roundId, c.author, c.authorName, c.body, c.atSec, c.endSec],
    );
    return rows[0].id;
  }

  async resolveComment(projectId: string, id: number, resolved: boolean): Promise<boolean> {
    const res = await this.ds.query(
      `UPDATE project_comments SET resolved_at = CASE WHEN $3 THEN coalesce(resolved_at, now()) END
        WHERE project_id = $1 AND id = $2 RETURNING id`,
      [projectId, id, resolved],
    );
    return rowsOf(res).length > 0;
  }

  async rounds(projectId: string): Promise<RoundDto[]> {
    const rows: (RoundDto & { submittedAt: Date | null })[] = await this.ds.query(
      `SELECT r.id::int AS id, r.number, r.status, r.extra, r.fee_pence AS "feePence",
              r.submitted_at AS "submittedAt",
              count(c.id)::int AS "commentCount", count(c.resolved_at)::int AS "resolvedCount"
         FROM project_rounds r LEFT JOIN project_comments c ON c.round_id = r.id
        WHERE r.project_id = $1 GROUP BY r.id ORDER BY r.number NULLS LAST, r.id`,
      [projectId],
    );
    return rows.map((r) => ({
      ...r,
      submittedAt: r.submittedAt ? new Date(r.submittedAt).toISOString() : null,
    }));
  }

  async draftWithCount(
    m: EntityManager,
    projectId: string,
  ): Promise<{ id: number; comments: number } | null> {
    const rows: { id: number; comments: number }[] = await m.query(
      `SELECT r.id::int AS id, (SELECT count(*)::int FROM project_comments c WHERE c.round_id = r.id) AS comments
         FROM project_rounds r WHERE r.project_id = $1 AND r.status = 'draft'`,
      [projectId],
    );
    return rows[0] ?? null;
  }

  async submittedCount(m: EntityManager, projectId: string): Promise<number> {
    const rows: { n: number }[] = await m.query(
      `SELECT count(*)::int AS n FROM project_rounds WHERE project_id = $1 AND status = 'submitted'`,
      [projectId],
    );
    return rows[0].n;
  }

  async submitRound(
    m: EntityManager,
    roundId: number,
    r: { number: number; extra: boolean; feePence: number },
  ): Promise<void> {
    await m.query(
      `UPDATE project_rounds SET status = 'submitted', number = $2, extra = $3, fee_pence = $4, submitted_at = now()
        WHERE id = $1 AND status = 'draft'`,
      [roundId, r.number, r.extra, r.feePence],
    );
  }

  async lastSubmittedRound(projectId: string): Promise<RoundDto | null> {
    const all = await this.rounds(projectId);
    return all.filter((r) => r.status === 'submitted').at(-1) ?? null;
  }

  // --- money

  async insertExtra(
    m: EntityManager,
    e: { projectId: string; roundId: number | null; label: string; pence: number },
  ): Promise<void> {
    await m.query(
      `INSERT INTO project_extras (project_id, round_id, label, amount_pence) VALUES ($1, $2, $3, $4)
       ON CONFLICT (round_id) DO NOTHING`,
      [e.projectId, e.roundId, e.label, e.pence],
    );
  }

  extras(projectId: string, m: EntityManager = this.ds.manager): Promise<MoneyLineDto[]> {
    return m.query(
      `SELECT label, amount_pence AS pence FROM project_extras WHERE project_id = $1 ORDER BY id`,
      [projectId],
    );
  }

  /** The booking's list price and discount, and every refund on the project's payments. */
  async moneyFacts(projectId: string): Promise<{ listPricePence: number | null; refundsPence: number }> {
    const rows: { list: string | null; refunds: number }[] = await this.ds.query(
      `SELECT (dp.metadata->>'listPricePence') AS list,
              (SELECT coalesce(sum(x.amount_refunded), 0)::int FROM payments x
                WHERE x.id = p.payment_id OR (x.kind = 'balance' AND x.metadata->>'projectId' = p.id::text)) AS refunds
         FROM projects p JOIN payments dp ON dp.id = p.payment_id WHERE p.id = $1`,
      [projectId],
    );
    const list = rows[0]?.list;
    return { listPricePence: list ? Number(list) : null, refundsPence: rows[0]?.refunds ?? 0 };
  }

  // --- the balance

  /** The project's one balance request; a second insert changes nothing. True when inserted. */
  async insertBalanceRequest(
    m: EntityManager,
    r: { projectId: string; token: string; amountPence: number },
  ): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `INSERT INTO project_balance_requests (project_id, token, amount_pence) VALUES ($1, $2, $3)
       ON CONFLICT (project_id) DO NOTHING RETURNING project_id`,
      [r.projectId, r.token, r.amountPence],
    );
    return rows.length > 0;
  }

  async balanceRequest(
    projectId: string,
    m: EntityManager = this.ds.manager,
  ): Promise<BalanceRequestRow | null> {
    const rows: BalanceRequestRow[] = await m.query(
      `SELECT project_id AS "projectId", token, amount_pence AS "amountPence", payment_id AS "paymentId",
              version, created_at AS "createdAt", paid_at AS "paidAt"
         FROM project_balance_requests WHERE project_id = $1`,
      [projectId],
    );
    return rows[0] ?? null;
  }

  /** The request behind a /pay token, locked when `m` is a transaction. */
  async balanceRequestByToken(token: string, m: EntityManager = this.ds.manager, lock = false) {
    const rows: (BalanceRequestRow & {
      serviceName: string;
      customerName: string | null;
      customerEmail: string;
      projectStatus: ProjectStatus;
    })[] = await m.query(
      `SELECT b.project_id AS "projectId", b.token, b.amount_pence AS "amountPence", b.payment_id AS "paymentId",
                b.version, b.created_at AS "createdAt", b.paid_at AS "paidAt", p.service_name AS "serviceName",
                p.status AS "projectStatus",
                p.customer_name AS "customerName", p.customer_email AS "customerEmail"
           FROM project_balance_requests b JOIN projects p ON p.id = b.project_id
          WHERE b.token = $1 ${lock ? 'FOR UPDATE OF b' : ''}`,
      [token],
    );
    return rows[0] ?? null;
  }

  /** Marks the balance paid once; false when it already was. */
  async markBalancePaid(m: EntityManager, projectId: string, paymentId: number | null): Promise<boolean> {
    const res = await m.query(
      `UPDATE project_balance_requests SET paid_at = now(), payment_id = $2
        WHERE project_id = $1 AND paid_at IS NULL RETURNING project_id`,
      [projectId, paymentId],
    );
    return rowsOf(res).length > 0;
  }

  /**
   * A new price for an unpaid balance (a re-approval after an extra round): the next version,
   * with no checkout yet. False when the balance was paid meanwhile.
   */
  async repriceBalanceRequest(m: EntityManager, projectId: string, amountPence: number): Promise<boolean> {
    const res = await m.query(
      `UPDATE project_balance_requests SET amount_pence = $2, version = version + 1, payment_id = NULL
        WHERE project_id = $1 AND paid_at IS NULL RETURNING project_id`,
      [projectId, amountPence],
    );
    return rowsOf(res).length > 0;
  }

  /** Ties the balance request to the payment row its current checkout goes through. */
  async linkBalancePayment(m: EntityManager, projectId: string, paymentId: number): Promise<void> {
    await m.query(`UPDATE project_balance_requests SET payment_id = $2 WHERE project_id = $1`, [
      projectId,
      paymentId,
    ]);
  }

  // --- final files and downloads

  async insertFinal(f: { id: string; projectId: string; name: string; size: number }): Promise<void> {
    await this.ds.query(`INSERT INTO project_finals (id, project_id, name, size) VALUES ($1, $2, $3, $4)`, [
      f.id,
      f.projectId,
      f.name,
      f.size,
    ]);
  }

  async finals(projectId: string, m: EntityManager = this.ds.manager): Promise<FinalFileDto[]> {
    const rows: (FinalFileDto & { createdAt: Date })[] = await m.query(
      `SELECT id, name, size::float8 AS size, created_at AS "createdAt"
         FROM project_finals WHERE project_id = $1 ORDER BY created_at, id`,
      [projectId],
    );
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
  }

  async recordDownload(projectId: string, finalId: string | null, email: string): Promise<void> {
    await this.ds.query(`INSERT INTO project_downloads (project_id, final_id, email) VALUES ($1, $2, $3)`, [
      projectId,
      finalId,
      email,
    ]);
  }

  async downloadCount(projectId: string): Promise<number> {
    const rows: { n: number }[] = await this.ds.query(
      `SELECT count(*)::int AS n FROM project_downloads WHERE project_id = $1`,
      [projectId],
    );
    return rows[0].n;
  }
}
