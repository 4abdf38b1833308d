/**
 * Every query on `newsletter_issues` and `newsletter_deliveries`. The delivery rows are the
 * send's ledger: `pending` (written at send, not yet on the queue), `queued`, then `sent`,
 * `failed` (every attempt spent) or `skipped` (the recipient left or was deleted meanwhile).
 */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { NewsletterIssueProgress, NewsletterIssueState } from '@studio/shared';
import { likePattern, type Page } from '../../common/admin-list.query';
import { NewsletterIssue } from './entities/newsletter-issue.entity';

export interface IssueFields {
  subject: string;
  preheader: string;
  bodyHtml: string;
}

/** A row to queue: ids only, since the worker reads the address just before it sends. */
export interface PendingDelivery {
  id: number;
  subscriberId: number;
}

const EMPTY_PROGRESS: NewsletterIssueProgress = {
  recipients: 0,
  sent: 0,
  failed: 0,
  skipped: 0,
  remaining: 0,
};

@Injectable()
export class NewsletterIssuesRepository {
  constructor(@InjectRepository(NewsletterIssue) private readonly issues: Repository<NewsletterIssue>) {}

  insert(fields: IssueFields, createdBy: string | null): Promise<NewsletterIssue> {
    return this.issues.save(this.issues.create({ ...fields, createdBy }));
  }

  /** Changes a draft; false when the issue is not a draft (or does not exist). */
  async updateDraft(id: number, fields: IssueFields): Promise<boolean> {
    const res = await this.issues
      .createQueryBuilder()
      .update()
      .set({ ...fields, updatedAt: () => 'now()' })
      .where('id = :id AND state = :draft', { id, draft: 'draft' })
      .execute();
    return (res.affected ?? 0) > 0;
  }

  async deleteDraft(id: number): Promise<boolean> {
    const res = await this.issues.delete({ id, state: 'draft' });
    return (res.affected ?? 0) > 0;
  }

  findById(id: number): Promise<NewsletterIssue | null> {
    return this.issues.findOneBy({ id });
  }

  list(
    filter: { search?: string; state?: NewsletterIssueState },
    page: Page,
  ): Promise<[NewsletterIssue[], number]> {
    const qb = this.issues.createQueryBuilder('i');
    if (filter.search) qb.andWhere('i.subject ILIKE :q', { q: likePattern(filter.search) });
    if (filter.state) qb.andWhere('i.state = :state', { state: filter.state });
    return qb
      .orderBy('i.created_at', 'DESC')
      .addOrderBy('i.id', 'DESC')
      .take(page.limit)
      .skip(page.offset)
      .getManyAndCount();
  }

  /**
   * Fixes the recipients and starts the send, once: of any number of concurrent calls, only the
   * one that moves the draft to `sending` writes the delivery rows (one per confirmed,
   * not-unsubscribed subscriber). Returns whether this call started it.
   */
  async startSend(id: number, sentBy: string): Promise<boolean> {
    return this.issues.manager.transaction(async (m) => {
      const won: [unknown[], number] = await m.query(
        `UPDATE newsletter_issues SET state = 'sending', sent_by = $2, send_started_at = now(), updated_at = now()
          WHERE id = $1 AND state = 'draft' RETURNING id`,
        [id, sentBy],
      );
      if (!won[0].length) return false;
      await m.query(
        `INSERT INTO newsletter_deliveries (issue_id, subscriber_id)
         SELECT $1, s.id FROM newsletter_subscribers s
          WHERE s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL
          ORDER BY s.id
         ON CONFLICT (issue_id, subscriber_id) DO NOTHING`,
        [id],
      );
      await m.query(
        `UPDATE newsletter_issues
            SET recipients = (SELECT count(*) FROM newsletter_deliveries WHERE issue_id = $1) WHERE id = $1`,
        [id],
      );
      return true;
    });
  }

  /**
   * The next rows not yet on the queue, in id order after `afterId`, whose subscriber still
   * exists (deleting one sets the row's subscriber_id to NULL).
   */
  async pendingBatch(issueId: number, afterId: number, size: number): Promise<PendingDelivery[]> {
    const rows: { id: string; subscriber_id: number }[] = await this.issues.query(
      `SELECT id, subscriber_id
         FROM newsletter_deliveries
        WHERE issue_id = $1 AND status = 'pending' AND id > $2 AND subscriber_id IS NOT NULL
        ORDER BY id LIMIT $3`,
      [issueId, afterId, size],
    );
    return rows.map((r) => ({ id: Number(r.id), subscriberId: r.subscriber_id }));
  }

  async markQueued(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.issues.query(
      `UPDATE newsletter_deliveries SET status = 'queued' WHERE id = ANY($1::bigint[]) AND status = 'pending'`,
      [ids],
    );
  }

  /** Rows whose subscriber was deleted before they were queued: nothing goes to them. */
  async skipOrphans(issueId: number): Promise<void> {
    await this.issues.query(
      `UPDATE newsletter_deliveries SET status = 'skipped'
        WHERE issue_id = $1 AND status IN ('pending', 'queued') AND subscriber_id IS NULL`,
      [issueId],
    );
  }

  /**
   * Claims one delivery for an attempt: its issue and the address to mail now, or null when it
   * must not be sent (already sent or settled, or the subscriber left the list or was deleted;
   * such a row is marked skipped).
   */
  async claim(deliveryId: number): Promise<{ issueId: number; email: string } | null> {
    const claimed: [{ issue_id: number; email: string }[], number] = await this.issues.query(
      `UPDATE newsletter_deliveries d SET attempts = d.attempts + 1
         FROM newsletter_subscribers s
        WHERE d.id = $1 AND d.status IN ('pending', 'queued') AND s.id = d.subscriber_id
          AND s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL
        RETURNING d.issue_id, s.email`,
      [deliveryId],
    );
    const row = claimed[0][0];
    if (row) return { issueId: row.issue_id, email: row.email };
    await this.issues.query(
      `UPDATE newsletter_deliveries SET status = 'skipped' WHERE id = $1 AND status IN ('pending', 'queued')`,
      [deliveryId],
    );
    return null;
  }

  async markSent(deliveryId: number): Promise<void> {
    await this.issues.query(
      `UPDATE newsletter_deliveries SET status = 'sent', sent_at = now(), error = NULL WHERE id = $1`,
      [deliveryId],
    );
  }

  async markFailed(deliveryId: number, error: string): Promise<void> {
    await this.issues.query(
      `UPDATE newsletter_deliveries SET status = 'failed', error = $2 WHERE id = $1 AND status <> 'sent'`,
      [deliveryId, error.slice(0, 300)],
    );
  }

  /** Per-issue counts, for every id given (issues with no rows get zeros). */
  async progress(issueIds: number[]): Promise<Map<number, NewsletterIssueProgress>> {
    const out = new Map<number, NewsletterIssueProgress>(issueIds.map((id) => [id, { ...EMPTY_PROGRESS }]));
    if (!issueIds.length) return out;
    const rows: { issue_id: number; status: string; n: string }[] = await this.issues.query(
      `SELECT issue_id, status, count(*) AS n FROM newsletter_deliveries
        WHERE issue_id = ANY($1::int[]) GROUP BY issue_id, status`,
      [issueIds],
    );
    for (const r of rows) {
      const p = out.get(r.issue_id);
      if (!p) continue;
      const n = Number(r.n);
      p.recipients += n;
      if (r.status === 'sent') p.sent += n;
      else if (r.status === 'failed') p.failed += n;
      else if (r.status === 'skipped') p.skipped += n;
      else p.remaining += n;
    }
    return out;
  }

  /** A sending issue whose every row has settled becomes sent. True when this call did it. */
  async finishIfSettled(issueId: number): Promise<boolean> {
    const done: [unknown[], number] = await this.issues.query(
      `UPDATE newsletter_issues SET state = 'sent', sent_at = now(), updated_at = now()
        WHERE id = $1 AND state = 'sending'
          AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries
                           WHERE issue_id = $1 AND status IN ('pending', 'queued'))
        RETURNING id`,
      [issueId],
    );
    return done[0].length > 0;
  }

  /** Issues still sending: resumed at boot in case a process died mid-send. */
  async sendingIds(): Promise<number[]> {
    const rows = await this.issues.find({ select: { id: true }, where: { state: 'sending' } });
    return rows.map((r) => r.id);
  }
}
