/**
 * The /admin/payments ledger: every payment with its refunds, month totals, a streamed CSV
 * export, and refunds made from the back office.
 *
 * A refund guarantees:
 * - never more than what is left (amount less what Stripe or we already refunded): 400 otherwise;
 * - one refund per request: the admin's form makes a request id for each refund it shows and
 *   sends it with every submit. The payment row is locked while the refund is made, so a second
 *   submit of the same request waits, finds the refund the first one recorded and answers with
 *   it (200, nothing sent to Stripe). The Stripe call's idempotency key is derived from the
 *   request id alone (never from what was refunded before, which the call itself changes), so a
 *   retry after a crash between Stripe's answer and our commit gets Stripe's first refund back
 *   instead of a second one. A request id is one payment's: reused on another, 409.
 * - `charge.refunded` later reports Stripe's own total, which the webhook stores as is.
 * - The refund form gives a reason and what happens to the payment's project (nothing, on hold,
 *   cancelled): the project moves in the refund's transaction before Stripe is called (a move
 *   it cannot make is a 409 and nothing is refunded); the client is mailed the amount and the
 *   reason after the commit, once per request.
 * - Each refund is a row of the one ledger (money_ledger, by its Stripe id), in the refund's
 *   transaction.
 * - A refund of everything that is left runs the payment kind's `reversed` hook in the same
 *   transaction (see payment-settlement-hooks.ts).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import {
  csvRow,
  formatPence,
  portalProjectPath,
  REFUND_MESSAGES,
  type AdminPayment,
  type AdminPaymentIssue,
  type LedgerRow,
  type MonthTotal,
  type RefundProjectAction,
} from '@studio/shared';
import { MailService } from '../mail/mail.service';
import { pageOf } from '../common/admin-list.query';
import { AppException, badRequest, conflict, notFound } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { PaymentListQuery } from './dto/admin-payments.dto';
import { PaymentEntity } from './entities/payment.entity';
import { AuditService } from '../audit/audit.service';
import { MoneyLedgerRepository } from './money-ledger.repository';
import { PaymentIssuesRepository } from './payment-issues.repository';
import { PaymentSettlementHooks } from './payment-settlement-hooks';
import { PaymentsRepository } from './payments.repository';
import { PaymentsService } from './payments.service';

const EXPORT_BATCH = 500;
const TOTAL_MONTHS = 12;
const REFUNDABLE = new Set(['succeeded', 'partially_refunded']);

const CSV_HEADER = [
  'id',
  'created_at',
  'kind',
  'status',
  'service',
  'customer_email',
  'customer_name',
  'amount_pence',
  'refunded_pence',
  'currency',
  'referral_code',
  'discount_percent',
  'stripe_payment_intent',
  'stripe_checkout_session',
];

@Injectable()
export class PaymentLedgerService {
  private readonly logger = new Logger(PaymentLedgerService.name);

  constructor(
    private readonly repo: PaymentsRepository,
    private readonly payments: PaymentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly hooks: PaymentSettlementHooks,
    private readonly money: MoneyLedgerRepository,
    private readonly mail: MailService,
    private readonly issues: PaymentIssuesRepository,
  ) {}

  /** Paid bookings and takings per London month (months without payments left out). */
  monthTotals(months: number): Promise<MonthTotal[]> {
    return this.repo.monthTotals(months);
  }

  async list(
    q: PaymentListQuery,
  ): Promise<{ items: AdminPayment[]; total: number; monthTotals: MonthTotal[] }> {
    const [[rows, total], monthTotals] = await Promise.all([
      this.repo.list({ ...filterOf(q), sort: q.sort ?? 'createdAt', order: q.order ?? 'desc' }, pageOf(q)),
      this.repo.monthTotals(TOTAL_MONTHS),
    ]);
    const projects = await this.repo.projectIds(rows.map((p) => p.id));
    return { items: rows.map((p) => this.toAdmin(p, projects.get(p.id) ?? null)), total, monthTotals };
  }

  /** The payment's rows in the one ledger, oldest first. */
  ledgerOf(id: number): Promise<LedgerRow[]> {
    return this.money.forPayment(id);
  }

  /** A person's payments by email, newest first (the message drawer's "bookings"). */
  async forEmail(email: string, limit: number): Promise<{ items: AdminPayment[]; total: number }> {
    const [rows, total] = await this.repo.forEmail(email, limit);
    const projects = await this.repo.projectIds(rows.map((p) => p.id));
    return { items: rows.map((p) => this.toAdmin(p, projects.get(p.id) ?? null)), total };
  }

  /** Money staff must look at: open issues oldest first, then the latest resolved ones. */
  listIssues(): Promise<AdminPaymentIssue[]> {
    return this.issues.list();
  }

  /** Marks an issue dealt with by `userId`; 404 when there is no such issue. */
  async resolveIssue(id: number, userId: number): Promise<AdminPaymentIssue> {
    const issue = await this.issues.resolve(id, userId);
    if (!issue) throw notFound('Issue not found.', 'NOT_FOUND');
    return issue;
  }

  async get(id: number): Promise<AdminPayment> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound('Payment not found.', 'PAYMENT_NOT_FOUND');
    const projects = await this.repo.projectIds([row.id]);
    return this.toAdmin(row, projects.get(row.id) ?? null);
  }

  /** The CSV, read in batches of 500 and written as it is read: never the whole table in memory. */
  exportCsv(q: PaymentListQuery): Readable {
    const filter = filterOf(q);
    const repo = this.repo;
    async function* rows(): AsyncGenerator<string> {
      yield csvRow(CSV_HEADER);
      let beforeId: number | null = null;
      for (;;) {
        const batch = await repo.batch(filter, beforeId, EXPORT_BATCH);
        if (!batch.length) return;
        yield batch.map(csvLine).join('');
        beforeId = batch[batch.length - 1].id;
        if (batch.length < EXPORT_BATCH) return;
      }
    }
    return Readable.from(rows());
  }

  async refund(
    id: number,
    req: { amount?: number; requestId: string; reason: string; projectAction?: RefundProjectAction },
    staff: { id: number; name: string },
  ): Promise<AdminPayment> {
    const { amount, requestId, reason } = req;
    const action = req.projectAction ?? 'none';
    const userId = staff.id;
    const stripe = this.payments.requireStripe();
    let refunded = null as {
      value: number;
      total: number;
      before: number;
      stripeRefundId: string;
      projectId: string | null;
      payment: PaymentEntity;
    } | null;
    await this.dataSource.transaction(async (m) => {
      const payment = await this.repo.lockById(m, id);
      if (!payment) throw notFound('Payment not found.', 'PAYMENT_NOT_FOUND');
      const earlier = await this.repo.refundByRequest(m, requestId);
      if (earlier) {
        if (earlier.paymentId !== payment.id)
          throw conflict(REFUND_MESSAGES.requestReused, 'REFUND_REQUEST_REUSED');
        return; // the same request again: its refund is made, answered as it is now
      }
      if (!REFUNDABLE.has(payment.status) || !payment.stripePaymentIntentId)
        throw badRequest(REFUND_MESSAGES.notRefundable, 'PAYMENT_NOT_REFUNDABLE');
      const refundable = payment.amount - payment.amountRefunded;
      const value = amount ?? refundable;
      if (value < 1 || value > refundable) {
        throw badRequest(REFUND_MESSAGES.tooMuch, 'REFUND_TOO_LARGE', [
          { field: 'amount', message: REFUND_MESSAGES.tooMuch },
        ]);
      }
      // The project moves first: a move it cannot make refuses the refund before Stripe is asked.
      const projectId = await this.hooks.runRefundStep(m, {
        payment,
        action,
        reason,
        amountPence: value,
        staffName: staff.name,
      });
      const idempotencyKey = `refund-${requestId}`;
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          {
            payment_intent: payment.stripePaymentIntentId,
            amount: value,
            metadata: {
              payment_id: String(payment.id),
              requested_by: String(userId),
              reason: reason.slice(0, 500),
            },
          },
          { idempotencyKey },
        );
      } catch (err) {
        this.logger.warn(`Refund of payment ${payment.id} failed: ${(err as Error).message}`);
        const type = (err as { type?: string }).type;
        if (type === 'StripeInvalidRequestError')
          throw badRequest(`Stripe refused the refund: ${(err as Error).message}`, 'REFUND_REFUSED');
        throw new AppException(
          502,
          'The payment provider could not make the refund. Please try again.',
          'PAYMENT_PROVIDER_ERROR',
        );
      }
      const total = payment.amountRefunded + value;
      const status = total >= payment.amount ? 'refunded' : 'partially_refunded';
      await this.money.refunded(m, payment, value, refund.id, 'refund by staff');
      await this.repo.recordRefund(
        m,
        {
          paymentId: payment.id,
          stripeRefundId: refund.id,
          amount: value,
          idempotencyKey,
          requestId,
          requestedBy: userId,
        },
        total,
        status,
      );
      // All of it given back: the payment's feature reacts in this transaction (reviews lock
      // the final files of a refunded balance again).
      if (status === 'refunded')
        await this.hooks.get(payment.kind)?.reversed?.(m, { ...payment, status }, 'refunded');
      refunded = {
        value,
        total,
        before: payment.amountRefunded,
        stripeRefundId: refund.id,
        projectId,
        payment,
      };
    });
    if (refunded) {
      await this.audit.record({
        action: 'payment.refund',
        targetType: 'payment',
        targetId: id,
        summary: `Refunded £${(refunded.value / 100).toFixed(2)} of payment ${id}: ${reason}`,
        before: { amountRefunded: refunded.before },
        after: {
          amountRefunded: refunded.total,
          stripeRefundId: refunded.stripeRefundId,
          reason,
          projectAction: action,
        },
      });
      await this.mailRefund(refunded.payment, refunded.value, reason, action, refunded.projectId, requestId);
    }
    return this.get(id);
  }

  /** Tells the client about a refund (once per refund request: the job id). */
  private async mailRefund(
    p: PaymentEntity,
    value: number,
    reason: string,
    action: RefundProjectAction,
    projectId: string | null,
    requestId: string,
  ): Promise<void> {
    if (!p.customerEmail) return;
    const outcome =
      projectId && action === 'on_hold'
        ? 'Your project is on hold; the studio will contact you about the next step.'
        : projectId && action === 'cancelled'
          ? 'Your project is cancelled.'
          : undefined;
    await this.mail
      .enqueueQuietly({
        template: 'refund-notice',
        to: p.customerEmail,
        subject: `Refund of ${formatPence(value)} for ${p.metadata.serviceName ?? 'your payment'}`,
        context: {
          customerName: typeof p.metadata.customerName === 'string' ? p.metadata.customerName : undefined,
          serviceName: p.metadata.serviceName ?? 'your booking',
          amountFormatted: formatPence(value),
          reason,
          projectOutcome: outcome,
          projectUrl: projectId ? `${this.config.publicUrl}${portalProjectPath(projectId)}` : undefined,
        },
        jobId: `refund-${requestId}-notice`,
      })
      .catch((err: unknown) => {
        // Redis away resolves (the outbox keeps it). Anything else is logged; the refund itself is made.
        this.logger.error(`Could not queue the refund mail of payment ${p.id}: ${(err as Error).message}`);
      });
  }

  private toAdmin(p: PaymentEntity, projectId: string | null): AdminPayment {
    const test = !this.config.stripe.secretKey || /^(sk|rk)_test_/.test(this.config.stripe.secretKey);
    const base = `https://dashboard.stripe.com${test ? '/test' : ''}`;
    const customerName = typeof p.metadata.customerName === 'string' ? p.metadata.customerName : null;
    return {
      id: p.id,
      kind: p.kind,
      status: p.status,
      amount: p.amount,
      amountRefunded: p.amountRefunded,
      refundable: REFUNDABLE.has(p.status) ? p.amount - p.amountRefunded : 0,
      currency: p.currency,
      serviceName: p.metadata.serviceName ?? null,
      customerEmail: p.customerEmail,
      customerName,
      referralCode: p.referralCode,
      discountPercent: p.discountPercent,
      listPrice: p.metadata.listPricePence ?? null,
      stripePaymentIntentId: p.stripePaymentIntentId,
      stripeCheckoutSessionId: p.stripeCheckoutSessionId,
      projectId,
      stripeUrl: p.stripePaymentIntentId ? `${base}/payments/${p.stripePaymentIntentId}` : null,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    };
  }
}

function filterOf(q: PaymentListQuery) {
  return { search: q.search || undefined, status: q.status, kind: q.kind, month: q.month };
}

function csvLine(p: PaymentEntity): string {
  return csvRow([
    p.id,
    p.createdAt,
    p.kind,
    p.status,
    p.metadata.serviceName ?? '',
    p.customerEmail,
    typeof p.metadata.customerName === 'string' ? p.metadata.customerName : '',
    p.amount,
    p.amountRefunded,
    p.currency,
    p.referralCode,
    p.discountPercent,
    p.stripePaymentIntentId,
    p.stripeCheckoutSessionId,
  ]);
}
