/**
 * The reads and writes of reconciliation: its runs (`reconciliation_runs`) and what the one
 * ledger holds for the Stripe objects a run compares (read only: nothing is corrected here).
 */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface LedgerPayment {
  paymentId: number;
  intentId: string;
  paid: number | null;
  paidCurrency: string | null;
  refunded: number;
  /** Refunded rows without a Stripe refund id (Stripe's totals from charge.refunded). */
  refundedUnnamed: number;
}

export interface RunCounts {
  charges: number;
  refunds: number;
  disputes: number;
  differences: number;
}

@Injectable()
export class ReconciliationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Where the next run starts reading: the start of the last run that finished. */
  async lastFinishedStart(): Promise<Date | null> {
    const rows: { started: Date }[] = await this.db.query(
      `SELECT started_at AS started FROM reconciliation_runs
        WHERE finished_at IS NOT NULL AND error IS NULL ORDER BY started_at DESC LIMIT 1`,
    );
    return rows[0]?.started ?? null;
  }

  /** Holds the one reconciliation lock on a dedicated connection; false when another run has it. */
  async withRunLock<T>(key: number, work: () => Promise<T>): Promise<T | false> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query(`SELECT pg_try_advisory_lock($1) AS locked`, [key])) as {
        locked: boolean;
      }[];
      if (!locked) return false;
      try {
        return await work();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock($1)`, [key]);
      }
    } finally {
      await runner.release();
    }
  }

  async start(trigger: string, since: Date): Promise<number> {
    const [{ id }] = (await this.db.query(
      `INSERT INTO reconciliation_runs (trigger, since) VALUES ($1, $2) RETURNING id`,
      [trigger, since],
    )) as { id: number }[];
    return id;
  }

  async finish(id: number, counts: RunCounts, error: string | null = null): Promise<void> {
    await this.db.query(
      `UPDATE reconciliation_runs SET finished_at = now(), charges = $2, refunds = $3, disputes = $4,
              differences = $5, error = $6 WHERE id = $1`,
      [id, counts.charges, counts.refunds, counts.disputes, counts.differences, error],
    );
  }

  /** What the ledger holds for these PaymentIntents (paid amount and currency, refunded total). */
  async byIntent(intentIds: string[]): Promise<Map<string, LedgerPayment>> {
    if (!intentIds.length) return new Map();
    const rows: LedgerPayment[] = await this.db.query(
      `SELECT p.id AS "paymentId", p.stripe_payment_intent_id AS "intentId",
              (SELECT l.amount FROM money_ledger l WHERE l.payment_id = p.id AND l.entry = 'paid' LIMIT 1) AS paid,
              (SELECT l.currency FROM money_ledger l WHERE l.payment_id = p.id AND l.entry = 'paid' LIMIT 1)
                AS "paidCurrency",
              (SELECT COALESCE(SUM(l.amount), 0)::int FROM money_ledger l
                WHERE l.payment_id = p.id AND l.entry = 'refunded') AS refunded,
              (SELECT COALESCE(SUM(l.amount), 0)::int FROM money_ledger l
                WHERE l.payment_id = p.id AND l.entry = 'refunded' AND l.stripe_id IS NULL) AS "refundedUnnamed"
         FROM payments p WHERE p.stripe_payment_intent_id = ANY($1::text[])`,
      [intentIds],
    );
    return new Map(rows.map((r) => [r.intentId, r]));
  }

  /** Ledger rows (of `entry`) carrying these Stripe ids, by id: amount and currency. */
  async byStripeId(entry: string, ids: string[]): Promise<Map<string, { amount: number; currency: string }>> {
    if (!ids.length) return new Map();
    const rows: { stripeId: string; amount: number; currency: string }[] = await this.db.query(
      `SELECT stripe_id AS "stripeId", amount, currency FROM money_ledger
        WHERE entry = $1 AND stripe_id = ANY($2::text[])`,
      [entry, ids],
    );
    return new Map(rows.map((r) => [r.stripeId, r]));
  }

  /**
   * Ledger rows of `entry` written since `since` that carry a Stripe id: each should be among
   * what Stripe lists for the window (paid rows by their PaymentIntent).
   */
  async writtenSince(
    entry: 'paid' | 'refunded' | 'disputed',
    since: Date,
  ): Promise<{ stripeId: string; amount: number; currency: string; paymentId: number | null }[]> {
    return this.db.query(
      `SELECT stripe_id AS "stripeId", amount, currency, payment_id AS "paymentId" FROM money_ledger
        WHERE entry = $1 AND created_at >= $2 AND stripe_id IS NOT NULL
          AND (memo IS NULL OR memo <> 'carried over')`,
      [entry, since],
    );
  }
}
