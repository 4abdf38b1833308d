/**
 * Reconciliation with Stripe: the daily job and the payments page's button read Stripe's
 * charges, refunds and disputes created since the last finished run (paginated, `created`
 * filter; a margin before that start so an object and its ledger row written a moment apart are
 * both seen) and compare them with the one ledger.
 *
 * Guarantees:
 * - Nothing is corrected: every difference (missing here, missing at Stripe, amount, currency,
 *   status) becomes a payment issue of kind 'reconciliation' for staff to read and resolve.
 * - A difference is flagged once (its dedupe key names the object and what differs), so a
 *   second run does not list it again; the admins' mail lists only the new ones.
 * - Two runs never overlap: a run takes a Postgres advisory lock, and a second caller is told
 *   one is in progress (409).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { formatPence } from '@studio/shared';
import { conflict } from '../../common/errors/app.exception';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { MailService } from '../../mail/mail.service';
import { PaymentIssuesRepository } from '../payment-issues.repository';
import { PaymentsService } from '../payments.service';
import { ReconciliationRepository, RunCounts } from './reconciliation.repository';

/** The first run reads this far back. */
const FIRST_WINDOW_DAYS = 30;
/** Each run also reads this far before the previous run's start. */
const MARGIN_MS = 60 * 60_000;
const RUN_LOCK = 7_656_004;

export type DifferenceType = 'missing_here' | 'missing_at_stripe' | 'amount' | 'currency' | 'status';

export interface Difference {
  type: DifferenceType;
  stripeId: string;
  paymentId: number | null;
  summary: string;
  /** What differs, for the dedupe key: the same object differing the same way is one issue. */
  signature: string;
}

export interface RunResult extends RunCounts {
  id: number;
  since: string;
  /** Differences not flagged by an earlier run. */
  newDifferences: number;
}

const money = (pence: number, currency: string) =>
  currency.toLowerCase() === 'gbp'
    ? formatPence(pence)
    : `${(pence / 100).toFixed(2)} ${currency.toUpperCase()}`;

@Injectable()
export class ReconciliationService {
  private readonly logger = new Logger(ReconciliationService.name);

  constructor(
    private readonly payments: PaymentsService,
    private readonly repo: ReconciliationRepository,
    private readonly issues: PaymentIssuesRepository,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(trigger: 'daily' | 'manual'): Promise<RunResult> {
    const stripe = this.payments.requireStripe();
    const result = await this.repo.withRunLock(RUN_LOCK, () => this.runLocked(stripe, trigger));
    if (result === false) throw conflict('A reconciliation is already running.', 'CONFLICT');
    return result;
  }

  private async runLocked(stripe: Stripe, trigger: string): Promise<RunResult> {
    const last = await this.repo.lastFinishedStart();
    const since = last
      ? new Date(last.getTime() - MARGIN_MS)
      : new Date(Date.now() - FIRST_WINDOW_DAYS * 86_400_000);
    const id = await this.repo.start(trigger, since);
    const counts: RunCounts = { charges: 0, refunds: 0, disputes: 0, differences: 0 };
    try {
      const created = { gte: Math.floor(since.getTime() / 1000) };
      const charges: Stripe.Charge[] = [];
      for await (const c of stripe.charges.list({ created, limit: 100 })) charges.push(c);
      const refunds: Stripe.Refund[] = [];
      for await (const r of stripe.refunds.list({ created, limit: 100 })) refunds.push(r);
      const disputes: Stripe.Dispute[] = [];
      for await (const d of stripe.disputes.list({ created, limit: 100 })) disputes.push(d);
      Object.assign(counts, { charges: charges.length, refunds: refunds.length, disputes: disputes.length });

      const differences = await this.compare(since, charges, refunds, disputes);
      counts.differences = differences.length;
      const fresh: Difference[] = [];
      for (const d of differences) {
        const isNew = await this.issues.flagNow({
          kind: 'reconciliation',
          dedupeKey: `recon-${d.type}-${d.stripeId}-${d.signature}`,
          paymentId: d.paymentId,
          summary: d.summary,
          details: { type: d.type, stripeId: d.stripeId, runId: id },
        });
        if (isNew) fresh.push(d);
      }
      if (fresh.length) await this.mailAdmins(fresh);
      await this.repo.finish(id, counts);
      this.logger.log(
        `Reconciliation ${id}: ${counts.charges} charges, ${counts.refunds} refunds, ${counts.disputes} disputes, ${counts.differences} differences (${fresh.length} new)`,
      );
      return { id, since: since.toISOString(), ...counts, newDifferences: fresh.length };
    } catch (err) {
      await this.repo.finish(id, counts, (err as Error).message.slice(0, 500));
      throw err;
    }
  }

  /** Every difference between what Stripe lists and what the ledger holds (see the header). */
  async compare(
    since: Date,
    charges: Stripe.Charge[],
    refunds: Stripe.Refund[],
    disputes: Stripe.Dispute[],
  ): Promise<Difference[]> {
    const out: Difference[] = [];
    const intentOf = (ref: string | { id: string } | null) =>
      typeof ref === 'string' ? ref : (ref?.id ?? null);
    const paidCharges = charges.filter((c) => c.status === 'succeeded' && c.paid !== false);
    const intents = [
      ...new Set(
        [
          ...paidCharges.map((c) => intentOf(c.payment_intent)),
          ...refunds.map((r) => intentOf(r.payment_intent)),
        ].filter((x): x is string => Boolean(x)),
      ),
    ];
    const ledger = await this.repo.byIntent(intents);

    for (const c of paidCharges) {
      const intent = intentOf(c.payment_intent);
      const row = intent ? ledger.get(intent) : undefined;
      const taken = c.amount_captured ?? c.amount;
      if (!row || row.paid == null) {
        out.push({
          type: 'missing_here',
          stripeId: c.id,
          paymentId: row?.paymentId ?? null,
          summary: `Stripe charge ${c.id} took ${money(taken, c.currency)}, and the ledger has no payment for it.`,
          signature: String(taken),
        });
        continue;
      }
      if (row.paidCurrency !== c.currency)
        out.push({
          type: 'currency',
          stripeId: c.id,
          paymentId: row.paymentId,
          summary: `Payment #${row.paymentId}: Stripe charged in ${c.currency.toUpperCase()}, the ledger in ${row.paidCurrency?.toUpperCase()}.`,
          signature: `${c.currency}-${row.paidCurrency}`,
        });
      if (row.paid !== taken)
        out.push({
          type: 'amount',
          stripeId: c.id,
          paymentId: row.paymentId,
          summary: `Payment #${row.paymentId}: Stripe took ${money(taken, c.currency)}, the ledger says ${money(row.paid, c.currency)}.`,
          signature: `${taken}-${row.paid}`,
        });
      if (row.refunded !== c.amount_refunded)
        out.push({
          type: 'status',
          stripeId: c.id,
          paymentId: row.paymentId,
          summary: `Payment #${row.paymentId}: Stripe has refunded ${money(c.amount_refunded, c.currency)}, the ledger ${money(row.refunded, c.currency)}.`,
          signature: `${c.amount_refunded}-${row.refunded}`,
        });
    }

    // Refunds: each of Stripe's by its id, or covered by a refunded total the ledger holds.
    const okRefunds = refunds.filter((r) => r.status === 'succeeded' || r.status === 'pending');
    const knownRefunds = await this.repo.byStripeId(
      'refunded',
      okRefunds.map((r) => r.id),
    );
    const unnamedByIntent = new Map<string, number>();
    for (const r of okRefunds) {
      const intent = intentOf(r.payment_intent);
      if (intent && !knownRefunds.has(r.id))
        unnamedByIntent.set(intent, (unnamedByIntent.get(intent) ?? 0) + r.amount);
    }
    for (const r of okRefunds) {
      const known = knownRefunds.get(r.id);
      const intent = intentOf(r.payment_intent);
      const row = intent ? ledger.get(intent) : undefined;
      if (known) {
        if (known.amount !== r.amount)
          out.push({
            type: 'amount',
            stripeId: r.id,
            paymentId: row?.paymentId ?? null,
            summary: `Refund ${r.id}: Stripe refunded ${money(r.amount, r.currency)}, the ledger says ${money(known.amount, known.currency)}.`,
            signature: `${r.amount}-${known.amount}`,
          });
        continue;
      }
      // Not known by id: covered only by refunded totals the ledger took from Stripe's events.
      const covered = row && intent && row.refundedUnnamed >= (unnamedByIntent.get(intent) ?? 0);
      if (!covered)
        out.push({
          type: 'missing_here',
          stripeId: r.id,
          paymentId: row?.paymentId ?? null,
          summary: `Stripe refund ${r.id} of ${money(r.amount, r.currency)} is not in the ledger${row ? ` (payment #${row.paymentId})` : ''}.`,
          signature: String(r.amount),
        });
    }

    // Disputes the studio lost take money back: each must be in the ledger.
    const lost = disputes.filter((d) => d.status === 'lost');
    const knownDisputes = await this.repo.byStripeId(
      'disputed',
      lost.map((d) => d.id),
    );
    for (const d of lost)
      if (!knownDisputes.has(d.id))
        out.push({
          type: 'missing_here',
          stripeId: d.id,
          paymentId: null,
          summary: `Stripe dispute ${d.id} was lost (${money(d.amount, d.currency)}), and the ledger does not show it.`,
          signature: String(d.amount),
        });

    // What the ledger wrote in the window must be at Stripe.
    const chargedIntents = new Set(paidCharges.map((c) => intentOf(c.payment_intent)));
    for (const row of await this.repo.writtenSince('paid', since))
      if (!chargedIntents.has(row.stripeId))
        out.push({
          type: 'missing_at_stripe',
          stripeId: row.stripeId,
          paymentId: row.paymentId,
          summary: `Payment #${row.paymentId} (${money(row.amount, row.currency)}) is paid in the ledger, and Stripe lists no charge for ${row.stripeId}.`,
          signature: String(row.amount),
        });
    const stripeRefundIds = new Set(refunds.map((r) => r.id));
    for (const row of await this.repo.writtenSince('refunded', since))
      if (row.stripeId.startsWith('re_') && !stripeRefundIds.has(row.stripeId))
        out.push({
          type: 'missing_at_stripe',
          stripeId: row.stripeId,
          paymentId: row.paymentId,
          summary: `Refund ${row.stripeId} (${money(row.amount, row.currency)}) is in the ledger, and Stripe does not list it.`,
          signature: String(row.amount),
        });
    const disputeIds = new Set(disputes.map((d) => d.id));
    for (const row of await this.repo.writtenSince('disputed', since))
      if (!disputeIds.has(row.stripeId))
        out.push({
          type: 'missing_at_stripe',
          stripeId: row.stripeId,
          paymentId: row.paymentId,
          summary: `Dispute ${row.stripeId} is in the ledger, and Stripe does not list it.`,
          signature: String(row.amount),
        });
    return out;
  }

  private async mailAdmins(fresh: Difference[]): Promise<void> {
    const to = await this.mail.adminAddress();
    await this.mail.enqueueQuietly({
      template: 'reconciliation-report',
      to,
      subject: `Stripe reconciliation: ${fresh.length} difference${fresh.length === 1 ? '' : 's'} to check`,
      context: {
        count: fresh.length,
        lines: fresh.map((d) => d.summary),
        paymentsUrl: `${this.config.publicUrl}/admin/payments`,
      },
      jobId: `reconciliation-${fresh.map((d) => `${d.type}-${d.stripeId}`).join(',')}`.slice(0, 200),
    });
  }
}
