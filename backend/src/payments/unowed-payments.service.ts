/**
 * Money that arrives without being owed, found by the Stripe webhook inside the event's
 * transaction: a payment through a retired checkout (superseded or expired) and a payment whose
 * amount or currency is not the one the server asked for.
 *
 * Guarantees:
 * - Nothing here settles a payment: a lapsed payment is refunded (idempotency key derived from
 *   the payment, so Stripe's retry of the event refunds it once), a mismatched one is left
 *   unsettled; both are flagged to staff in the caller's transaction (payment_issues, deduplicated).
 * - The refund and the money taken are written to the one ledger in that transaction.
 * - When Stripe cannot refund now, this throws a 503: the event's transaction rolls back and
 *   Stripe's retry tries again.
 */
import { Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { EntityManager } from 'typeorm';
import { unavailable } from '../common/errors/app.exception';
import { PaymentEntity } from './entities/payment.entity';
import { MoneyLedgerRepository } from './money-ledger.repository';
import { PaymentIssuesRepository } from './payment-issues.repository';
import { PaymentsRepository, SETTLED } from './payments.repository';
import { PaymentsService } from './payments.service';

@Injectable()
export class UnowedPaymentsService {
  private readonly logger = new Logger(UnowedPaymentsService.name);

  constructor(
    private readonly payments: PaymentsService,
    private readonly repo: PaymentsRepository,
    private readonly issues: PaymentIssuesRepository,
    private readonly ledger: MoneyLedgerRepository,
  ) {}

  /** A checkout retired before it was paid: money arriving for it is not owed any more. */
  isLapsed(payment: PaymentEntity): boolean {
    if (SETTLED.includes(payment.status)) return false;
    return Boolean(payment.metadata.supersededAt) || payment.metadata.closedReason === 'checkout_expired';
  }

  /** Gives back a payment made through a retired checkout, and tells staff (see the webhook's header). */
  async refundLapsed(
    m: EntityManager,
    payment: PaymentEntity,
    intentId: string | null,
    amount: number | null | undefined,
    currency: string | null | undefined,
    refusedBecause?: string,
  ): Promise<void> {
    const paid = `${((amount ?? 0) / 100).toFixed(2)} ${(currency ?? '').toUpperCase()}`;
    const why = refusedBecause
      ? refusedBecause
      : payment.metadata.supersededAt
        ? `its checkout was replaced (${payment.metadata.supersededReason ?? 'superseded'})`
        : 'its checkout had expired';
    if (!intentId) {
      await this.issues.flag(m, {
        kind: 'superseded_payment',
        dedupeKey: `lapsed-${payment.id}`,
        paymentId: payment.id,
        projectId: typeof payment.metadata.projectId === 'string' ? payment.metadata.projectId : null,
        summary: `Payment #${payment.id} (${paid}) arrived after ${why}, without a PaymentIntent to refund: refund it in Stripe.`,
      });
      return;
    }
    const stripe = this.payments.requireStripe();
    const idempotencyKey = `lapsed-refund-${payment.id}`;
    let refund: Stripe.Refund;
    try {
      refund = await stripe.refunds.create(
        {
          payment_intent: intentId,
          reason: 'duplicate',
          metadata: { payment_id: String(payment.id), why: 'checkout superseded or expired' },
        },
        { idempotencyKey },
      );
    } catch (err) {
      this.logger.error(
        `Payment ${payment.id}: the lapsed payment could not be refunded: ${(err as Error).message}`,
      );
      throw unavailable(
        'The payment could not be refunded yet; Stripe will retry.',
        'PAYMENT_PROVIDER_UNAVAILABLE',
      );
    }
    payment.stripePaymentIntentId ??= intentId;
    const refunded = Math.min(payment.amount, refund.amount);
    payment.metadata = {
      ...payment.metadata,
      lapsedPayment: { amount: amount ?? null, currency: currency ?? null },
    };
    await this.repo.save(m, payment);
    await this.repo.recordRefund(
      m,
      {
        paymentId: payment.id,
        stripeRefundId: refund.id,
        amount: refund.amount,
        idempotencyKey,
        requestId: null,
        requestedBy: null,
      },
      refunded,
      'refunded',
    );
    await this.ledger.paid(m, payment, intentId);
    await this.ledger.refunded(m, payment, refund.amount, refund.id, 'automatic refund: checkout retired');
    await this.issues.flag(m, {
      kind: 'superseded_payment',
      dedupeKey: `lapsed-${payment.id}`,
      paymentId: payment.id,
      projectId: typeof payment.metadata.projectId === 'string' ? payment.metadata.projectId : null,
      summary: `Payment #${payment.id} (${paid}) arrived after ${why}. It was refunded automatically (${refund.id}); the customer pays through the current link.`,
      details: { stripeRefundId: refund.id, intentId },
    });
  }

  /**
   * True (and flagged to staff, in this transaction) when an event would settle `payment` with
   * another amount or currency than it owes. A payment already settled is not settled again, so
   * later events about it are not checked here.
   */
  async flagIfNotOwed(
    m: EntityManager,
    payment: PaymentEntity,
    stripeId: string,
    amount: number | null | undefined,
    currency: string | null | undefined,
  ): Promise<boolean> {
    if (SETTLED.includes(payment.status)) return false;
    const paidCurrency = (currency ?? '').toLowerCase();
    if (amount === payment.amount && paidCurrency === payment.currency) return false;
    const paid = `${((amount ?? 0) / 100).toFixed(2)} ${paidCurrency.toUpperCase() || '(no currency)'}`;
    const owed = `${(payment.amount / 100).toFixed(2)} ${payment.currency.toUpperCase()}`;
    this.logger.warn(`Payment ${payment.id}: Stripe reports ${paid} paid by ${stripeId}, owed ${owed}`);
    payment.metadata = {
      ...payment.metadata,
      amountMismatch: { stripeId, amount: amount ?? null, currency: paidCurrency || null },
    };
    await this.issues.flag(m, {
      kind: 'amount_mismatch',
      dedupeKey: `mismatch-${payment.id}-${stripeId}-${amount}-${paidCurrency}`,
      paymentId: payment.id,
      projectId: typeof payment.metadata.projectId === 'string' ? payment.metadata.projectId : null,
      summary: `Stripe reports ${paid} paid for payment #${payment.id}, which owes ${owed}. The payment was not settled.`,
      details: {
        stripeId,
        paidAmount: amount ?? null,
        paidCurrency,
        owedAmount: payment.amount,
        owedCurrency: payment.currency,
      },
    });
    return true;
  }
}
