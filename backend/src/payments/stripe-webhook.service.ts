/**
 * Settles payments from Stripe's signed webhook events.
 *
 * Guarantees:
 * - Only events signed with STRIPE_WEBHOOK_SECRET are read; anything else is a 400.
 * - Each event id acts once: it is stored in `stripe_events` in the same transaction as its
 *   effects, so a retried or concurrent duplicate finds it and changes nothing.
 * - A payment's status only moves forward (see canMoveTo), whatever order events arrive in.
 * - A referral code is marked used inside that transaction, through ReferralService.redeem,
 *   which lets exactly one caller win; a booking that loses the race is still accepted and
 *   the payment records 'already_used'. An expired or cancelled checkout frees the code it held.
 * - A payment settles only for what is owed: an event that would settle it with another amount
 *   or currency than the payment row's (decided by the server) leaves it unsettled and flags it
 *   to staff (payment_issues, in the same transaction), so a signed event for a penny in another
 *   currency never unlocks anything.
 * - A payment for a checkout that was retired (superseded by a new price or a new session, or
 *   expired) is not settled: it is refunded at once (idempotency key derived from the payment)
 *   and flagged to staff, in the event's transaction; if Stripe cannot refund it now the event
 *   fails and Stripe's retry tries again.
 * - A settlement hook may refuse the money (a balance whose project was cancelled while its
 *   session was open): the payment is refunded the same way, in the event's transaction.
 * - A full refund or a lost dispute runs the kind's `reversed` hook in the same transaction
 *   (reviews lock the final files again and tell staff).
 * - Money taken, refunded (by id, or as the difference from Stripe's refunded total) and lost to
 *   a dispute is written to the one ledger (money_ledger) in the event's transaction.
 * - Disputes are recorded on the payment (metadata.dispute) without changing its status.
 * - A succeeded payment is settled by its kind through the settlement hooks features register
 *   (payment-settlement-hooks.ts): inside that transaction, and once more after the commit with
 *   the other mails. Projects open one per deposit or plan booking; reviews mark a project's
 *   balance paid. This module imports no feature.
 * - The customer's confirmation and the admin notice are queued after the commit, once per
 *   payment: a claim on the payment row decides who queues them, and the job ids are derived
 *   from the payment so the queue itself drops a second copy. If Redis is down the mail service
 *   parks them in its outbox; any other failure releases the claim and answers 503, and
 *   Stripe's retry (a duplicate delivery) queues them.
 *
 * Money that is not owed (lapsed checkouts, wrong amounts) is handled in
 * unowed-payments.service.ts, the mails in payment-mails.service.ts; this file reads the events.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import { badRequest, unavailable } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { metrics } from '../metrics/metrics';
import { ReferralService } from '../referral/referral.service';
import { PaymentEntity, PaymentMetadata, PaymentStatus } from './entities/payment.entity';
import { canMoveTo } from './payment-amounts';
import { MoneyLedgerRepository } from './money-ledger.repository';
import { PaymentMailsService } from './payment-mails.service';
import { PaymentSettlementHooks } from './payment-settlement-hooks';
import { PaymentsRepository, SETTLED } from './payments.repository';
import { PaymentsService } from './payments.service';
import { UnowedPaymentsService } from './unowed-payments.service';

export interface WebhookResult {
  success: true;
  received: true;
  duplicate?: true;
  ignored?: true;
}

interface Applied {
  handled: boolean;
  paymentId: number | null;
}

const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === 'string' ? ref : (ref?.id ?? null);

@Injectable()
export class StripeWebhookService {
  private readonly logger = new Logger(StripeWebhookService.name);

  constructor(
    private readonly payments: PaymentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repo: PaymentsRepository,
    private readonly referrals: ReferralService,
    private readonly hooks: PaymentSettlementHooks,
    private readonly ledger: MoneyLedgerRepository,
    private readonly unowed: UnowedPaymentsService,
    private readonly paymentMails: PaymentMailsService,
  ) {}

  async handle(
    rawBody: Buffer | undefined,
    signature: string | string[] | undefined,
  ): Promise<WebhookResult> {
    const stripe = this.payments.requireStripe();
    const secret = this.config.stripe.webhookSecret;
    if (!secret) throw unavailable('Payments are not configured', 'PAYMENTS_NOT_CONFIGURED');
    if (typeof signature !== 'string' || !signature || !rawBody?.length)
      metrics.webhookEvent('unknown', 'refused');
    if (typeof signature !== 'string' || !signature)
      throw badRequest('The Stripe signature is missing.', 'INVALID_SIGNATURE');
    if (!rawBody?.length) throw badRequest('The webhook body is empty.', 'INVALID_SIGNATURE');

    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      metrics.webhookEvent('unknown', 'refused');
      throw badRequest('The Stripe signature is not valid.', 'INVALID_SIGNATURE');
    }

    try {
      const result = await this.record(event);
      metrics.webhookEvent(
        event.type,
        result.duplicate ? 'duplicate' : result.ignored ? 'ignored' : 'handled',
      );
      return result;
    } catch (err) {
      metrics.webhookEvent(event.type, 'error');
      throw err;
    }
  }

  /** Applies a verified event once (by its id) and queues the mails it calls for. */
  private async record(event: Stripe.Event): Promise<WebhookResult> {
    const outcome = await this.dataSource.transaction(async (m) => {
      if (!(await this.repo.recordEvent(m, event.id, event.type))) {
        return { duplicate: true, handled: true, paymentId: await this.repo.eventPaymentId(m, event.id) };
      }
      const applied = await this.apply(event, m);
      if (applied.paymentId) {
        await this.repo.linkEvent(m, event.id, applied.paymentId);
        await this.toLedger(applied.paymentId, m);
        await this.settle(applied.paymentId, m);
      }
      return { duplicate: false, ...applied };
    });

    // A duplicate delivery also gets here: it queues mails a failed first delivery could not.
    if (outcome.paymentId) await this.paymentMails.queueMails(outcome.paymentId);

    if (outcome.duplicate) return { success: true, received: true, duplicate: true };
    return outcome.handled
      ? { success: true, received: true }
      : { success: true, received: true, ignored: true };
  }

  private apply(event: Stripe.Event, m: EntityManager): Promise<Applied> {
    switch (event.type) {
      case 'payment_intent.succeeded':
        return this.onIntent(event.data.object, 'succeeded', m);
      case 'payment_intent.processing':
        return this.onIntent(event.data.object, 'processing', m);
      case 'payment_intent.payment_failed':
        return this.onIntent(event.data.object, 'failed', m);
      case 'checkout.session.completed':
        return this.onSessionCompleted(event.data.object, m);
      case 'checkout.session.async_payment_succeeded':
        return this.onSessionSettled(event.data.object, 'succeeded', m);
      case 'checkout.session.async_payment_failed':
        return this.onSessionSettled(event.data.object, 'failed', m);
      case 'charge.refunded':
        return this.onRefund(event.data.object, m);
      case 'checkout.session.expired':
        return this.onCheckoutClosed(event.data.object, m);
      case 'payment_intent.canceled':
        return this.onIntentCanceled(event.data.object, m);
      case 'charge.dispute.created':
      case 'charge.dispute.updated':
      case 'charge.dispute.closed':
        return this.onDispute(event.data.object, m);
      default:
        return Promise.resolve({ handled: false, paymentId: null });
    }
  }

  private async onIntent(
    intent: Stripe.PaymentIntent,
    status: PaymentStatus,
    m: EntityManager,
  ): Promise<Applied> {
    const payment = await this.lockPayment(m, {
      intentId: intent.id,
      paymentId: intent.metadata?.payment_id,
    });
    if (!payment) return this.unknown(intent.id);
    payment.stripePaymentIntentId ??= intent.id;
    payment.customerEmail ??= intent.receipt_email ?? intent.metadata?.email ?? null;
    payment.stripeCustomerId ??= idOf(intent.customer);
    if (status === 'failed' && intent.last_payment_error?.message) {
      payment.metadata = {
        ...payment.metadata,
        lastPaymentError: intent.last_payment_error.message.slice(0, 500),
      };
    }
    if (status === 'succeeded' && this.unowed.isLapsed(payment))
      return this.refundLapsed(m, payment, intent.id, intent.amount_received, intent.currency);
    if (
      status === 'succeeded' &&
      (await this.unowed.flagIfNotOwed(m, payment, intent.id, intent.amount_received, intent.currency))
    ) {
      await this.repo.save(m, payment);
      return { handled: true, paymentId: payment.id };
    }
    this.moveTo(payment, status);
    await this.repo.save(m, payment);
    return { handled: true, paymentId: payment.id };
  }

  private async onSessionCompleted(session: Stripe.Checkout.Session, m: EntityManager): Promise<Applied> {
    const payment = await this.lockPayment(m, {
      sessionId: session.id,
      paymentId: session.metadata?.payment_id ?? session.client_reference_id,
    });
    if (!payment) return this.unknown(session.id);
    payment.stripeCheckoutSessionId ??= session.id;
    payment.stripePaymentIntentId ??= idOf(session.payment_intent);
    payment.stripeCustomerId ??= idOf(session.customer);
    payment.customerEmail ??= session.customer_details?.email ?? session.customer_email ?? null;
    const extra: PaymentMetadata = {};
    if (session.customer_details?.name) extra.customerName = session.customer_details.name;
    const paidNow = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    if (paidNow && this.unowed.isLapsed(payment)) {
      payment.metadata = { ...payment.metadata, ...extra };
      return this.refundLapsed(
        m,
        payment,
        idOf(session.payment_intent),
        session.amount_total,
        session.currency,
      );
    }
    if (await this.unowed.flagIfNotOwed(m, payment, session.id, session.amount_total, session.currency)) {
      payment.metadata = { ...payment.metadata, ...extra };
      await this.repo.save(m, payment);
      return { handled: true, paymentId: payment.id };
    }

    // The booking is made whether or not the code is still free: the customer has paid the
    // discounted price Stripe showed them. The outcome is kept for the studio to follow up.
    if (payment.referralCode && !payment.metadata.referralOutcome) {
      const redeemed = await this.referrals.redeem(
        payment.referralCode,
        payment.customerEmail ?? '',
        m,
        payment.id,
      );
      extra.referralOutcome = redeemed ? 'redeemed' : 'already_used';
      if (!redeemed)
        this.logger.warn(`Payment ${payment.id}: referral code ${payment.referralCode} was already used`);
    }
    payment.metadata = { ...payment.metadata, ...extra };
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    this.moveTo(payment, paid ? 'succeeded' : 'processing');
    await this.repo.save(m, payment);
    return { handled: true, paymentId: payment.id };
  }

  private async onSessionSettled(
    session: Stripe.Checkout.Session,
    status: PaymentStatus,
    m: EntityManager,
  ): Promise<Applied> {
    const payment = await this.lockPayment(m, {
      sessionId: session.id,
      paymentId: session.metadata?.payment_id ?? session.client_reference_id,
    });
    if (!payment) return this.unknown(session.id);
    if (status === 'succeeded' && this.unowed.isLapsed(payment))
      return this.refundLapsed(
        m,
        payment,
        idOf(session.payment_intent),
        session.amount_total,
        session.currency,
      );
    if (
      status !== 'succeeded' ||
      !(await this.unowed.flagIfNotOwed(m, payment, session.id, session.amount_total, session.currency))
    )
      this.moveTo(payment, status);
    await this.repo.save(m, payment);
    return { handled: true, paymentId: payment.id };
  }

  /** The customer left the hosted checkout unpaid: the booking lapses and its referral code is free. */
  private async onCheckoutClosed(session: Stripe.Checkout.Session, m: EntityManager): Promise<Applied> {
    const payment = await this.lockPayment(m, {
      sessionId: session.id,
      paymentId: session.metadata?.payment_id ?? session.client_reference_id,
    });
    if (!payment) return this.unknown(session.id);
    if (payment.status === 'pending') {
      payment.metadata = { ...payment.metadata, closedReason: 'checkout_expired' };
      this.moveTo(payment, 'failed');
      await this.repo.save(m, payment);
    }
    await this.referrals.release(payment.id, m);
    return { handled: true, paymentId: payment.id };
  }

  private async onIntentCanceled(intent: Stripe.PaymentIntent, m: EntityManager): Promise<Applied> {
    const payment = await this.lockPayment(m, {
      intentId: intent.id,
      paymentId: intent.metadata?.payment_id,
    });
    if (!payment) return this.unknown(intent.id);
    if (payment.status === 'pending' || payment.status === 'processing') {
      payment.metadata = {
        ...payment.metadata,
        closedReason: `canceled${intent.cancellation_reason ? `: ${intent.cancellation_reason}` : ''}`,
      };
      this.moveTo(payment, 'failed');
      await this.repo.save(m, payment);
    }
    await this.referrals.release(payment.id, m);
    return { handled: true, paymentId: payment.id };
  }

  /**
   * A customer disputed a charge: the money is held by their bank, not refunded, so the status
   * stays; the dispute's state is kept on the payment for the studio to answer in Stripe.
   */
  private async onDispute(dispute: Stripe.Dispute, m: EntityManager): Promise<Applied> {
    const intentId = idOf(dispute.payment_intent);
    const payment = intentId ? await this.lockPayment(m, { intentId }) : null;
    if (!payment) return this.unknown(dispute.id);
    payment.metadata = {
      ...payment.metadata,
      dispute: { id: dispute.id, status: dispute.status, reason: dispute.reason, amount: dispute.amount },
    };
    this.logger.warn(`Payment ${payment.id}: dispute ${dispute.id} is ${dispute.status} (${dispute.reason})`);
    await this.repo.save(m, payment);
    if (dispute.status === 'lost') await this.ledger.disputed(m, payment, dispute.id, dispute.amount);
    if (dispute.status === 'lost') await this.hooks.get(payment.kind)?.reversed?.(m, payment, 'dispute_lost');
    return { handled: true, paymentId: payment.id };
  }

  private async onRefund(charge: Stripe.Charge, m: EntityManager): Promise<Applied> {
    const intentId = idOf(charge.payment_intent);
    const payment = intentId ? await this.lockPayment(m, { intentId }) : null;
    if (!payment) return this.unknown(charge.id);
    payment.metadata = { ...payment.metadata, amountRefunded: charge.amount_refunded };
    // Stripe's total covers refunds made in its dashboard and ours; it never goes down.
    payment.amountRefunded = Math.min(
      payment.amount,
      Math.max(payment.amountRefunded, charge.amount_refunded),
    );
    this.moveTo(payment, charge.refunded ? 'refunded' : 'partially_refunded');
    await this.repo.save(m, payment);
    if (payment.status === 'refunded') await this.hooks.get(payment.kind)?.reversed?.(m, payment, 'refunded');
    return { handled: true, paymentId: payment.id };
  }

  /**
   * Finds the payment an event is about, locked until the transaction ends so concurrent events
   * for one payment apply one after the other. The Stripe id is tried first; the row id we put in
   * the metadata covers an event that arrives before the id was saved.
   */
  private async lockPayment(
    m: EntityManager,
    ref: { intentId?: string; sessionId?: string; paymentId?: string | null },
  ): Promise<PaymentEntity | null> {
    if (ref.intentId) {
      const found = await this.repo.lockByStripeId(m, { intentId: ref.intentId });
      if (found) return found;
    }
    if (ref.sessionId) {
      const found = await this.repo.lockByStripeId(m, { sessionId: ref.sessionId });
      if (found) return found;
    }
    const id = Number(ref.paymentId);
    if (!ref.paymentId || !Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
    const found = await this.repo.lockById(m, id);
    // A row already tied to another intent or session is not this event's payment.
    if (!found) return null;
    if (ref.intentId && found.stripePaymentIntentId && found.stripePaymentIntentId !== ref.intentId)
      return null;
    if (ref.sessionId && found.stripeCheckoutSessionId && found.stripeCheckoutSessionId !== ref.sessionId)
      return null;
    return found;
  }

  /** Gives back a payment made through a retired checkout instead of settling it (see the header). */
  private async refundLapsed(
    m: EntityManager,
    payment: PaymentEntity,
    intentId: string | null,
    amount: number | null | undefined,
    currency: string | null | undefined,
  ): Promise<Applied> {
    await this.unowed.refundLapsed(m, payment, intentId, amount, currency);
    return { handled: true, paymentId: payment.id };
  }

  private moveTo(payment: PaymentEntity, next: PaymentStatus): void {
    if (canMoveTo(payment.status, next)) payment.status = next;
    else if (payment.status !== next)
      this.logger.log(`Payment ${payment.id}: kept ${payment.status}, ignored ${next}`);
  }

  /** What the event changed, in the one ledger (same transaction; each fact once). */
  private async toLedger(paymentId: number, m: EntityManager): Promise<void> {
    const payment = await this.repo.findByIdIn(m, paymentId);
    if (!SETTLED.includes(payment.status)) return;
    await this.ledger.paid(m, payment, payment.stripePaymentIntentId);
    if (payment.amountRefunded > 0) await this.ledger.refundTotal(m, payment, payment.amountRefunded);
  }

  /** A succeeded payment's feature acts on it, in the same transaction (see the header). */
  private async settle(paymentId: number, m: EntityManager): Promise<void> {
    const payment = await this.repo.findByIdIn(m, paymentId);
    if (payment.status !== 'succeeded') return;
    const outcome = await this.hooks.get(payment.kind)?.succeeded(m, payment);
    if (outcome && 'refuse' in outcome)
      await this.unowed.refundLapsed(
        m,
        payment,
        payment.stripePaymentIntentId,
        payment.amount,
        payment.currency,
        outcome.refuse,
      );
  }

  private unknown(stripeId: string): Applied {
    // Payments made outside this site (e.g. in the Stripe dashboard) are acknowledged, not stored.
    this.logger.log(`No payment on record for ${stripeId}; event acknowledged`);
    return { handled: true, paymentId: null };
  }
}
