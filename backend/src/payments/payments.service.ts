import { timingSafeEqual } from 'node:crypto';
/**
 * Taking money: a deposit or a custom amount through a PaymentIntent (the embedded Payment
 * Element on /checkout and the contact page), and a plan booking through a hosted Checkout
 * Session (/services-checkout). Settlement happens in StripeWebhookService.
 *
 * Which amounts can the client influence? Only the custom amount (a payment without a
 * serviceId), and only within £1 to £5,000 with at most two decimals. A deposit is always
 * depositPence(price) of the catalogue price, whatever amount is sent with the serviceId; a plan
 * booking is always depositPence of its catalogue price less the percentage that
 * ReferralService reports for a valid code. Names, currencies and metadata from the client never
 * change what is charged.
 *
 * A plan booking through hosted Checkout takes the 50% deposit too, not the full price (a
 * decision by the lead, from spec §1: visitors "book and pay a 50% deposit online, the remaining
 * 50% invoiced on completion", and /success confirms the deposit and announces the final
 * invoice). The referral discount applies to the plan's price first and the deposit is half of
 * that, rounded down: Mix & Master £80 at 10% off is £72, so £36 now and £36 on the invoice.
 *
 * Every attempt writes its `payments` row (pending) before Stripe is called, so a Stripe outage
 * never loses it; each Stripe call carries an idempotency key derived from that row, so the
 * SDK's retry cannot create a second charge.
 */
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import {
  CURRENCY,
  depositPence,
  formatPence,
  MESSAGES,
  REFERRAL,
  type BalanceBreakdown,
} from '@studio/shared';
import { AppException, badRequest, notFound, unavailable } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { REFERRAL_MESSAGES, ReferralService } from '../referral/referral.service';
import { PaymentsRepository } from './payments.repository';
import { ServicesService } from '../services/services.service';
import { CreateCheckoutSessionDto } from './dto/create-checkout-session.dto';
import { CreatePaymentIntentDto } from './dto/create-payment-intent.dto';
import { PaymentEntity, PaymentKind } from './entities/payment.entity';
import { customAmountPence, discountedPence } from './payment-amounts';
import { STRIPE } from './stripe.provider';

export const PAYMENTS_NOT_CONFIGURED = 'Payments are not configured';
export const CUSTOM_PAYMENT_NAME = 'Custom Payment';

/** How long a hosted checkout stays open (Stripe allows 30 minutes to 24 hours). */
export const CHECKOUT_EXPIRES_MINUTES = 60;
/** How long a checkout holds its referral code if Stripe's expiry event never reaches us. */
const CODE_HOLD_MINUTES = CHECKOUT_EXPIRES_MINUTES + 30;

export interface PaymentIntentResult {
  clientSecret: string;
  paymentId: number;
  /** What will be charged, in pence. */
  amount: number;
}

export interface CheckoutSessionResult {
  url: string;
  sessionId: string;
  paymentId: number;
}

export interface IntentStatus {
  id: string;
  status: Stripe.PaymentIntent.Status;
  amount: number;
  currency: string;
}

/** Stripe metadata: strings of at most 500 characters; absent values are left out. */
function stripeMetadata(fields: Record<string, string | number | null | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter((entry): entry is [string, string | number] => entry[1] != null)
      .map(([key, value]) => [key, String(value).slice(0, 500)]),
  );
}

function sameSecret(expected: string | null, given: string): boolean {
  if (!expected) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @Inject(STRIPE) private readonly stripe: Stripe | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: DataSource,
    private readonly services: ServicesService,
    private readonly referrals: ReferralService,
    private readonly paymentsRepository: PaymentsRepository,
  ) {}

  /** The pages need the publishable key to mount the Payment Element; both keys make "configured". */
  isConfigured(): boolean {
    return Boolean(this.stripe && this.config.stripe.publishableKey);
  }

  /**
   * Deposits and plan bookings paid since `since` (succeeded payments, by the time they last
   * changed), for the admin dashboard. Amounts in pence.
   */
  async paidDepositsSince(since: Date): Promise<{ count: number; amountPence: number }> {
    return this.paymentsRepository.paidBookingsSince(since);
  }

  publicConfig(): { configured: boolean; publishableKey: string | null } {
    const configured = this.isConfigured();
    return { configured, publishableKey: configured ? (this.config.stripe.publishableKey ?? null) : null };
  }

  requireStripe(): Stripe {
    if (!this.stripe || !this.isConfigured())
      throw unavailable(PAYMENTS_NOT_CONFIGURED, 'PAYMENTS_NOT_CONFIGURED');
    return this.stripe;
  }

  async createPaymentIntent(
    dto: CreatePaymentIntentDto,
    userId: number | null,
  ): Promise<PaymentIntentResult> {
    const stripe = this.requireStripe();
    let kind: PaymentKind;
    let amount: number;
    let serviceName: string;
    let serviceId: number | null = null;
    let remainingPence: number | undefined;
    if (dto.serviceId != null) {
      const service = await this.services.findActiveById(dto.serviceId);
      if (!service) throw badRequest('Unknown service', 'UNKNOWN_SERVICE');
      kind = 'deposit';
      amount = depositPence(service.price);
      remainingPence = service.price - amount;
      serviceName = service.name;
      serviceId = service.id;
    } else {
      kind = 'custom';
      amount = customAmountPence(dto.amount as number);
      serviceName = dto.metadata?.service_name ?? CUSTOM_PAYMENT_NAME;
    }

    const payment = await this.paymentsRepository.insert({
      kind,
      amount,
      currency: CURRENCY,
      status: 'pending',
      serviceId,
      userId,
      customerEmail: dto.email ?? null,
      metadata: { serviceName, ...(remainingPence !== undefined && { remainingPence }) },
    });

    let intent: Stripe.PaymentIntent;
    try {
      intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: CURRENCY,
          automatic_payment_methods: { enabled: true },
          description: kind === 'deposit' ? `50% deposit: ${serviceName}` : serviceName,
          receipt_email: dto.email,
          metadata: stripeMetadata({
            payment_id: payment.id,
            kind,
            service_id: serviceId,
            service_name: serviceName,
            email: dto.email,
          }),
        },
        { idempotencyKey: `pi-${payment.id}` },
      );
    } catch (err) {
      throw await this.providerFailure(payment, err);
    }
    if (!intent.client_secret)
      throw await this.providerFailure(payment, new Error('PaymentIntent without client_secret'));
    await this.paymentsRepository.update(payment.id, { stripePaymentIntentId: intent.id });
    return { clientSecret: intent.client_secret, paymentId: payment.id, amount };
  }

  async createCheckoutSession(
    dto: CreateCheckoutSessionDto,
    userId: number | null,
  ): Promise<CheckoutSessionResult> {
    const stripe = this.requireStripe();
    const plan = await this.services.findActiveByName(dto.serviceName);
    if (!plan) throw badRequest('Unknown service', 'UNKNOWN_SERVICE');

    let discountPercent: number | null = null;
    const { referralCode } = dto;
    if (referralCode) {
      if (!dto.email) throw badRequest(MESSAGES.referralEmailRequired, 'REFERRAL_EMAIL_REQUIRED');
      const code = await this.referrals.checkForCheckout(referralCode, dto.email);
      if (await this.paymentsRepository.hasBooked(dto.email))
        throw badRequest(REFERRAL_MESSAGES.newCustomersOnly, 'REFERRAL_NEW_CUSTOMERS_ONLY');
      discountPercent = code.discountPercent ?? REFERRAL.defaultDiscountPercent;
    }
    // Discount first, then half of the discounted price (see the header).
    const pricePence = discountPercent ? discountedPence(plan.price, discountPercent) : plan.price;
    const amount = depositPence(pricePence);

    // The row and the code's reservation commit together: a code another checkout holds is a 409
    // and leaves nothing behind.
    const payment = await this.db.transaction(async (m) => {
      const saved = await this.paymentsRepository.insert(
        {
          kind: 'plan',
          amount,
          currency: CURRENCY,
          status: 'pending',
          serviceId: plan.id,
          userId,
          customerEmail: dto.email ?? null,
          referralCode: dto.referralCode ?? null,
          discountPercent,
          metadata: {
            serviceName: plan.name,
            listPricePence: plan.price,
            remainingPence: pricePence - amount,
          },
        },
        m,
      );
      if (referralCode) await this.referrals.reserveForCheckout(referralCode, saved.id, CODE_HOLD_MINUTES, m);
      return saved;
    });

    const paymentMeta = stripeMetadata({ payment_id: payment.id, kind: 'plan', service_name: plan.name });
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: CURRENCY,
                unit_amount: amount,
                product_data: {
                  name: `${plan.name} — 50% deposit`,
                  description: `${plan.description} The remaining ${formatPence(pricePence - amount)} is invoiced on completion.`,
                },
              },
            },
          ],
          customer_email: dto.email,
          client_reference_id: String(payment.id),
          // Stripe expires the session (checkout.session.expired frees the referral code) well
          // before the reservation's own deadline.
          expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_EXPIRES_MINUTES * 60,
          // The page names what was booked (it shows the name only when the catalogue has it).
          success_url: `${this.config.publicUrl}/success?session_id={CHECKOUT_SESSION_ID}&service=${encodeURIComponent(plan.name)}`,
          cancel_url: `${this.config.publicUrl}/services-checkout`,
          metadata: stripeMetadata({
            ...paymentMeta,
            service: plan.name,
            referral_code: dto.referralCode,
            discount_percent: discountPercent,
            email: dto.email,
          }),
          // The PaymentIntent behind the session carries the row id too, so its own events find it.
          payment_intent_data: { metadata: paymentMeta },
        },
        { idempotencyKey: `cs-${payment.id}` },
      );
    } catch (err) {
      await this.referrals.release(payment.id);
      throw await this.providerFailure(payment, err);
    }
    if (!session.url) {
      await this.referrals.release(payment.id);
      throw await this.providerFailure(payment, new Error('Checkout Session without url'));
    }
    await this.paymentsRepository.update(payment.id, { stripeCheckoutSessionId: session.id });
    return { url: session.url, sessionId: session.id, paymentId: payment.id };
  }

  /** A payment, for its receipt. */
  findPayment(id: number): Promise<PaymentEntity | null> {
    return this.paymentsRepository.findById(id);
  }

  /** What a client project was paid (its booking and balance payments), oldest first. */
  settledForProject(bookingPaymentId: number, projectId: string): Promise<PaymentEntity[]> {
    return this.paymentsRepository.settledForProject(bookingPaymentId, projectId);
  }

  /**
   * The refunds of a payment, oldest first. A refund made in Stripe itself arrives as a new
   * refunded total only (charge.refunded): that part is one more refund, dated when it came in.
   */
  async refundsOf(payment: PaymentEntity): Promise<{ at: Date; pence: number }[]> {
    const rows = (await this.paymentsRepository.refundsOf(payment.id)).map((r) => ({
      at: r.createdAt,
      pence: r.amount,
    }));
    const recorded = rows.reduce((n, r) => n + r.pence, 0);
    if (payment.amountRefunded > recorded)
      rows.push({ at: payment.updatedAt, pence: payment.amountRefunded - recorded });
    return rows;
  }

  /**
   * The pending row of a project's balance payment, in the caller's transaction (the /pay
   * checkout, which holds the balance request's lock), written before Stripe is called like
   * every other payment. The amount is the balance request's, decided by the server; the
   * webhook settles the row through the hook reviews registers for kind 'balance'.
   */
  async createBalancePayment(
    m: EntityManager,
    b: {
      projectId: string;
      amountPence: number;
      customerEmail: string;
      serviceName: string;
      /** What the amount is made of, kept for the payment's receipt. */
      breakdown: BalanceBreakdown;
    },
  ): Promise<number> {
    const payment = await this.paymentsRepository.insert(
      {
        kind: 'balance',
        amount: b.amountPence,
        currency: CURRENCY,
        status: 'pending',
        customerEmail: b.customerEmail,
        metadata: { projectId: b.projectId, serviceName: b.serviceName, breakdown: b.breakdown },
      },
      m,
    );
    return payment.id;
  }

  /** A payment as the caller's transaction sees it (null when there is none). */
  findIn(m: EntityManager, id: number): Promise<PaymentEntity | null> {
    return this.paymentsRepository.findIn(m, id);
  }

  /**
   * Retires a pending payment whose Checkout Session must no longer take money (its balance was
   * re-priced, or it is about to expire and a new one replaces it), in the caller's transaction:
   * the session is expired at Stripe first (an open session only; the key is derived from the
   * session, so a retry is the same call), then the row is marked superseded. A payment that
   * Stripe completes anyway arrives at the webhook, which refunds it and tells staff.
   */
  async supersede(m: EntityManager, paymentId: number, reason: string): Promise<void> {
    const payment = await this.paymentsRepository.lockById(m, paymentId);
    if (!payment || payment.metadata.supersededAt) return;
    if (payment.status !== 'pending' && payment.status !== 'processing') return;
    if (payment.stripeCheckoutSessionId) {
      const stripe = this.requireStripe();
      try {
        await stripe.checkout.sessions.expire(payment.stripeCheckoutSessionId, undefined, {
          idempotencyKey: `expire-${payment.stripeCheckoutSessionId}`,
        });
      } catch (err) {
        // Already complete or expired at Stripe: nothing left to stop; the webhook has the rest.
        if ((err as { type?: string }).type !== 'StripeInvalidRequestError') throw this.toProviderError(err);
        this.logger.warn(`Session of payment ${payment.id} could not be expired: ${(err as Error).message}`);
      }
    }
    await this.paymentsRepository.markSuperseded(m, payment.id, reason);
  }

  /** The Checkout Session a pending payment is paid through, kept so a second visit can reuse it. */
  recordCheckoutSession(
    m: EntityManager,
    paymentId: number,
    session: { id: string; url: string; expiresAt: number },
  ): Promise<void> {
    return this.paymentsRepository.recordCheckout(m, paymentId, session);
  }

  /** For /payment-success: the page learns the outcome without ever holding the secret key. */
  async intentStatus(paymentIntentId: string, clientSecret: string): Promise<IntentStatus> {
    const stripe = this.requireStripe();
    try {
      const intent = await stripe.paymentIntents.retrieve(paymentIntentId);
      // Only the payer holds the client secret; anyone else is told there is no such payment.
      if (!sameSecret(intent.client_secret, clientSecret))
        throw notFound('We could not find that payment.', 'PAYMENT_NOT_FOUND');
      return { id: intent.id, status: intent.status, amount: intent.amount, currency: intent.currency };
    } catch (err) {
      if (err instanceof AppException) throw err;
      if ((err as { statusCode?: number }).statusCode === 404)
        throw notFound('We could not find that payment.', 'PAYMENT_NOT_FOUND');
      throw this.toProviderError(err);
    }
  }

  /** Keeps the row (still pending) with the reason, and turns the failure into a clear 502/503. */
  private async providerFailure(payment: PaymentEntity, err: unknown): Promise<AppException> {
    const reason = err instanceof Error ? err.message : String(err);
    this.logger.warn(`Stripe call for payment ${payment.id} failed: ${reason}`);
    await this.paymentsRepository
      .update(payment.id, { metadata: { ...payment.metadata, stripeError: reason.slice(0, 500) } })
      .catch((e: Error) =>
        this.logger.error(`Could not record the Stripe failure of payment ${payment.id}: ${e.message}`),
      );
    return this.toProviderError(err);
  }

  private toProviderError(err: unknown): AppException {
    const type = (err as { type?: string }).type;
    if (type === 'StripeConnectionError' || type === 'StripeRateLimitError') {
      return new AppException(
        HttpStatus.SERVICE_UNAVAILABLE,
        'The payment provider could not be reached. Please try again in a moment.',
        'PAYMENT_PROVIDER_UNAVAILABLE',
      );
    }
    return new AppException(
      HttpStatus.BAD_GATEWAY,
      'The payment provider could not set up this payment. Please try again later.',
      'PAYMENT_PROVIDER_ERROR',
    );
  }
}
