/**
 * Every query on `newsletter_issues` and `newsletter_deliveries`. The delivery rows are the
 * send's ledger: `pending` (written at send, not yet on the queue), `queued`, `claimed` (its
 * mail job is sending it), then `sent`, `failed` (every attempt spent) or `skipped` (the
 * recipient left or was deleted meanwhile). A row's `round` is the send round its mail job
 * belongs to: a resume starts a new round and puts the rows not yet sent back to `pending`.
 *
 * The mail worker's per-recipient calls, `claim` and `markSent`, are batched (see Batcher): the
 * jobs running at the same time claim their rows in one transaction and record their sends in
 * one UPDATE, with the same per-row rules as one at a time.
 */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { NewsletterIssueProgress, NewsletterIssueState } from '@studio/shared';
import { likePattern, type Page } from '../../common/admin-list.query';
import { Batcher } from '../../common/batcher';
import { WORKER_BATCH_SPACING_MS } from '../../mail/mail.constants';
import { NewsletterIssue } from './entities/newsletter-issue.entity';

export interface IssueFields {
  subject: string;
  preheader: string;
  bodyHtml: string;
}

/** What a claimed delivery is sent with: its issue and the address to mail now. */
type Claim = { issueId: number; email: string };

/** A row to queue: ids only, since the worker reads the address just before it sends. */
export interface PendingDelivery {
  id: number;
  subscriberId: number;
  round: number;
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
  // Up to four batches at once: a slow round trip (a busy database) does not hold every job up;
  // at most one started every WORKER_BATCH_SPACING_MS, so each gathers the jobs of that moment.
  private readonly claims = new Batcher<string, Claim | null>(
    (keys) => this.claimBatch(keys),
    500,
    4,
    WORKER_BATCH_SPACING_MS,
  );
  private readonly sends = new Batcher<number, never>(
    async (ids) => {
      await this.issues.query(
        `UPDATE newsletter_deliveries SET status = 'sent', sent_at = now(), error = NULL
        WHERE id = ANY($1::bigint[])`,
        [ids],
      );
    },
    500,
    4,
    WORKER_BATCH_SPACING_MS,
  );

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
    const rows: { id: string; subscriber_id: number; round: number }[] = await this.issues.query(
      `SELECT id, subscriber_id, round
         FROM newsletter_deliveries
        WHERE issue_id = $1 AND status = 'pending' AND id > $2 AND subscriber_id IS NOT NULL
        ORDER BY id LIMIT $3`,
      [issueId, afterId, size],
    );
    return rows.map((r) => ({ id: Number(r.id), subscriberId: r.subscriber_id, round: r.round }));
  }

  /**
   * Marks rows queued, each only if it is still pending in the round its job was queued for:
   * a row put back by a resume meanwhile stays pending, to be queued in the new round.
   */
  async markQueued(rows: Pick<PendingDelivery, 'id' | 'round'>[]): Promise<void> {
    if (!rows.length) return;
    await this.issues.query(
      `UPDATE newsletter_deliveries d SET status = 'queued'
         FROM unnest($1::bigint[], $2::int[]) AS v(id, round)
        WHERE d.id = v.id AND d.round = v.round AND d.status = 'pending'`,
      [rows.map((r) => r.id), rows.map((r) => r.round)],
    );
  }

  /** Moves a sending issue to paused; false when it was not sending. */
  async pause(id: number): Promise<boolean> {
    const res: [unknown[], number] = await this.issues.query(
      `UPDATE newsletter_issues SET state = 'paused', updated_at = now()
        WHERE id = $1 AND state = 'sending' RETURNING id`,
      [id],
    );
    return res[0].length > 0;
  }

  /**
   * Moves a paused issue back to sending in a new round, and puts its rows not yet sent (and
   * not being sent right now: `claimed`) back to `pending` in that round, so the dispatcher
   * queues them again under new job ids. Returns the new round, or null when it was not paused.
   */
  async resume(id: number): Promise<number | null> {
    return this.issues.manager.transaction(async (m) => {
      const won: [{ send_round: number }[], number] = await m.query(
        `UPDATE newsletter_issues SET state = 'sending', send_round = send_round + 1, updated_at = now()
          WHERE id = $1 AND state = 'paused' RETURNING send_round`,
        [id],
      );
      const round = won[0][0]?.send_round;
      if (round === undefined) return null;
      await m.query(
        `UPDATE newsletter_deliveries SET status = 'pending', round = $2
          WHERE issue_id = $1 AND status IN ('pending', 'queued')`,
        [id, round],
      );
      return round;
    });
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
   * Claims one delivery for an attempt of the mail job queued for it in `round`: its issue and
   * the address to mail now, or null when it must not be sent now. The row is locked while it
   * is decided, so two jobs of one row never both claim it. Null when:
   * - the row is settled (sent, failed, skipped), or belongs to a later round (this job was
   *   queued before a pause; the row was queued again at the resume): the row is left alone;
   * - the issue is paused: the row is left to be queued again at the resume (a claim this job
   *   made in an earlier attempt is given back: `claimed` → `queued`);
   * - the subscriber left the list or was deleted: the row is marked skipped.
   */
  async claim(deliveryId: number, round: number): Promise<Claim | null> {
    return (await this.claims.call(`${deliveryId}:${round}`)) ?? null;
  }

  /**
   * `claim` for many (delivery id, round) keys at once: the rows are locked in id order (two
   * workers' batches never wait on each other in a cycle), decided one by one as above, and
   * updated in at most three statements.
   */
  private async claimBatch(keys: string[]): Promise<Map<string, Claim | null>> {
    const wanted = keys.map((key) => {
      const [id, round] = key.split(':').map(Number);
      return { key, id, round };
    });
    return this.issues.manager.transaction(async (m) => {
      const rows: {
        id: string;
        issue_id: number;
        status: string;
        round: number;
        state: NewsletterIssueState;
        email: string | null;
        active: boolean;
      }[] = await m.query(
        `SELECT d.id, d.issue_id, d.status, d.round, i.state, s.email,
                (s.id IS NOT NULL AND s.confirmed_at IS NOT NULL AND s.unsubscribed_at IS NULL) AS active
           FROM newsletter_deliveries d
           JOIN newsletter_issues i ON i.id = d.issue_id
           LEFT JOIN newsletter_subscribers s ON s.id = d.subscriber_id
          WHERE d.id = ANY($1::bigint[])
          ORDER BY d.id
            FOR UPDATE OF d`,
        [[...new Set(wanted.map((w) => w.id))]],
      );
      const byId = new Map(rows.map((r) => [Number(r.id), r]));
      const out = new Map<string, Claim | null>();
      const giveBack: number[] = [];
      const skip: number[] = [];
      const claim: number[] = [];
      for (const { key, id, round } of wanted) {
        const row = byId.get(id);
        out.set(key, null);
        if (!row || !['pending', 'queued', 'claimed'].includes(row.status) || row.round !== round) continue;
        if (row.state !== 'sending') giveBack.push(id);
        else if (!row.active || !row.email) skip.push(id);
        else {
          claim.push(id);
          out.set(key, { issueId: row.issue_id, email: row.email });
        }
      }
      if (giveBack.length)
        await m.query(
          `UPDATE newsletter_deliveries SET status = 'queued' WHERE id = ANY($1::bigint[]) AND status = 'claimed'`,
          [giveBack],
        );
      if (skip.length)
        await m.query(`UPDATE newsletter_deliveries SET status = 'skipped' WHERE id = ANY($1::bigint[])`, [
          skip,
        ]);
      if (claim.length)
        await m.query(
          `UPDATE newsletter_deliveries SET status = 'claimed', attempts = attempts + 1 WHERE id = ANY($1::bigint[])`,
          [claim],
        );
      return out;
    });
  }

  async markSent(deliveryId: number): Promise<void> {
    await this.sends.call(deliveryId);
  }

  /** A job of an earlier round (queued before a pause) fails nobody's row: it is queued anew. */
  async markFailed(deliveryId: number, round: number, error: string): Promise<void> {
    await this.issues.query(
      `UPDATE newsletter_deliveries SET status = 'failed', error = $3
        WHERE id = $1 AND round = $2 AND status IN ('pending', 'queued', 'claimed')`,
      [deliveryId, round, error.slice(0, 300)],
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
                           WHERE issue_id = $1 AND status IN ('pending', 'queued', 'claimed'))
        RETURNING id`,
      [issueId],
    );
    return done[0].length > 0;
  }

  /** Issues still sending, with their round: resumed at boot in case a process died mid-send. */
  async sending(): Promise<{ id: number; round: number }[]> {
    const rows = await this.issues.find({
      select: { id: true, sendRound: true },
      where: { state: 'sending' },
    });
    return rows.map((r) => ({ id: r.id, round: r.sendRound }));
  }

  /** Whether the issue is still sending in this round (neither paused nor resumed since). */
  async isSendingIn(id: number, round: number): Promise<boolean> {
    return this.issues.exists({ where: { id, state: 'sending', sendRound: round } });
  }
}
