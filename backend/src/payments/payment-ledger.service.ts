/**
 * The /admin/payments ledger: every payment with its refunds, month totals, a streamed CSV
 * export, and refunds made from the back office.
 *
 * A refund guarantees:
 * - never more than what is left (amount less what Stripe or we already refunded): 400 otherwise;
 * - at most once per click: the payment row is locked while the refund is made, so a second
 *   click waits and then sees the smaller refundable amount; the Stripe call carries an
 *   idempotency key derived from the payment, what was refunded before and the amount, so a
 *   retried request (or the SDK's own retry) gets Stripe's first answer instead of a new refund.
 * - `charge.refunded` later reports Stripe's own total, which the webhook stores as is.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Readable } from 'node:stream';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { csvRow, REFUND_MESSAGES, type AdminPayment, type MonthTotal } from '@studio/shared';
import { pageOf } from '../common/admin-list.query';
import { AppException, badRequest, notFound } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import type { PaymentListQuery } from './dto/admin-payments.dto';
import { PaymentEntity } from './entities/payment.entity';
import { AuditService } from '../audit/audit.service';
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
    return { items: rows.map((p) => this.toAdmin(p)), total, monthTotals };
  }

  /** A person's payments by email, newest first (the message drawer's "bookings"). */
  async forEmail(email: string, limit: number): Promise<{ items: AdminPayment[]; total: number }> {
    const [rows, total] = await this.repo.forEmail(email, limit);
    return { items: rows.map((p) => this.toAdmin(p)), total };
  }

  async get(id: number): Promise<AdminPayment> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound('Payment not found.', 'PAYMENT_NOT_FOUND');
    return this.toAdmin(row);
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

  async refund(id: number, amount: number | undefined, userId: number): Promise<AdminPayment> {
    const stripe = this.payments.requireStripe();
    let refunded = null as { value: number; total: number; before: number; stripeRefundId: string } | null;
    await this.dataSource.transaction(async (m) => {
      const payment = await this.repo.lockById(m, id);
      if (!payment) throw notFound('Payment not found.', 'PAYMENT_NOT_FOUND');
      if (!REFUNDABLE.has(payment.status) || !payment.stripePaymentIntentId)
        throw badRequest(REFUND_MESSAGES.notRefundable, 'PAYMENT_NOT_REFUNDABLE');
      const refundable = payment.amount - payment.amountRefunded;
      const value = amount ?? refundable;
      if (value < 1 || value > refundable) {
        throw badRequest(REFUND_MESSAGES.tooMuch, 'REFUND_TOO_LARGE', [
          { field: 'amount', message: REFUND_MESSAGES.tooMuch },
        ]);
      }
      const idempotencyKey = `refund-${payment.id}-${payment.amountRefunded}-${value}`;
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          {
            payment_intent: payment.stripePaymentIntentId,
            amount: value,
            metadata: { payment_id: String(payment.id), requested_by: String(userId) },
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
      await this.repo.recordRefund(
        m,
        {
          paymentId: payment.id,
          stripeRefundId: refund.id,
          amount: value,
          idempotencyKey,
          requestedBy: userId,
        },
        total,
        total >= payment.amount ? 'refunded' : 'partially_refunded',
      );
      refunded = { value, total, before: payment.amountRefunded, stripeRefundId: refund.id };
    });
    if (refunded) {
      await this.audit.record({
        action: 'payment.refund',
        targetType: 'payment',
        targetId: id,
        summary: `Refunded £${(refunded.value / 100).toFixed(2)} of payment ${id}`,
        before: { amountRefunded: refunded.before },
        after: { amountRefunded: refunded.total, stripeRefundId: refunded.stripeRefundId },
      });
    }
    return this.get(id);
  }

  private toAdmin(p: PaymentEntity): AdminPayment {
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
