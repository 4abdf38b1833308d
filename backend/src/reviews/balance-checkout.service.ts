/**
 * The /pay/{token} page's money: each visit reuses the balance's open Stripe Checkout Session or
 * creates one (metadata projectId and kind=balance; the idempotency key is derived from the
 * balance request, its version and the payment row), under a lock on the balance request, so
 * two visits at once get one session. One open session per balance: one about to expire is
 * expired at Stripe before its replacement is made; while a payment is processing no new one is
 * made (409). A cancelled project's link answers 410 and makes nothing. The payment row is written through PaymentsService before Stripe is
 * called, with what the amount is made of (for its receipt); the webhook settles it through the
 * hook BalanceSettlement registers. The page itself shows the same make-up and what paying
 * unlocks.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CURRENCY,
  formatPence,
  portalProjectPath,
  REVIEW_MESSAGES,
  type BalanceBreakdown,
  type BalanceSummary,
} from '@studio/shared';
import { AppException, conflict, notFound } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { CHECKOUT_EXPIRES_MINUTES, PaymentsService } from '../payments/payments.service';
import { ProjectsService } from '../projects/projects.service';
import { ReviewsRepository } from './reviews.repository';

const gone = () => new AppException(410, REVIEW_MESSAGES.payLinkGone, 'PAY_LINK_GONE');

const TOKEN = /^[A-Za-z0-9_-]{20,64}$/;
/** A session this close to expiring is not handed out again. */
const REUSE_MARGIN_MS = 5 * 60_000;

@Injectable()
export class BalanceCheckoutService {
  private readonly logger = new Logger(BalanceCheckoutService.name);

  constructor(
    private readonly repo: ReviewsRepository,
    private readonly payments: PaymentsService,
    private readonly projects: ProjectsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async summary(token: string): Promise<BalanceSummary> {
    const row = TOKEN.test(token) ? await this.repo.balanceRequestByToken(token) : null;
    if (!row) throw notFound(REVIEW_MESSAGES.payLinkInvalid, 'PAY_LINK_INVALID');
    if (row.projectStatus === 'cancelled') throw gone();
    const [breakdown, finals] = await Promise.all([
      this.breakdown(row.projectId, row.amountPence),
      this.repo.finals(row.projectId),
    ]);
    return {
      serviceName: row.serviceName,
      customerName: row.customerName,
      amountPence: row.amountPence,
      amountFormatted: formatPence(row.amountPence),
      paid: Boolean(row.paidAt),
      breakdown,
      finalFileCount: finals.length,
      projectPath: portalProjectPath(row.projectId),
    };
  }

  /** Quote, deposit and extras behind the requested amount (the amount itself as the balance due). */
  private async breakdown(projectId: string, amountPence: number): Promise<BalanceBreakdown> {
    const [project, extras, facts] = await Promise.all([
      this.projects.requireAny(projectId),
      this.repo.extras(projectId),
      this.repo.moneyFacts(projectId),
    ]);
    const list = facts.listPricePence ?? project.quotedPence;
    return {
      quotedPence: project.quotedPence,
      discountPence: Math.max(0, list - project.quotedPence),
      depositPence: project.depositPence,
      extras,
      balancePence: amountPence,
    };
  }

  async checkout(token: string): Promise<{ url: string; sessionId: string; reused: boolean }> {
    if (!TOKEN.test(token)) throw notFound(REVIEW_MESSAGES.payLinkInvalid, 'PAY_LINK_INVALID');
    const stripe = this.payments.requireStripe();
    const outcome = await this.repo.transaction(async (m) => {
      const row = await this.repo.balanceRequestByToken(token, m, true);
      if (!row) throw notFound(REVIEW_MESSAGES.payLinkInvalid, 'PAY_LINK_INVALID');
      if (row.projectStatus === 'cancelled') throw gone();
      if (row.paidAt) throw conflict(REVIEW_MESSAGES.balancePaid, 'BALANCE_ALREADY_PAID');
      if (row.paymentId) {
        const p = await this.payments.findIn(m, row.paymentId);
        if (p?.status === 'succeeded') throw conflict(REVIEW_MESSAGES.balancePaid, 'BALANCE_ALREADY_PAID');
        if (p?.status === 'processing')
          throw conflict(REVIEW_MESSAGES.paymentProcessing, 'BALANCE_PAYMENT_PROCESSING');
        const url = typeof p?.metadata.checkoutUrl === 'string' ? p.metadata.checkoutUrl : null;
        const expires = Number(p?.metadata.checkoutExpiresAt ?? 0) * 1000;
        if (
          p &&
          url &&
          p.stripeCheckoutSessionId &&
          p.status === 'pending' &&
          expires - REUSE_MARGIN_MS > Date.now()
        )
          return { url, sessionId: p.stripeCheckoutSessionId, reused: true };
        // Too close to its end to hand out: closed at Stripe before its replacement opens.
        if (p) await this.payments.supersede(m, p.id, 'replaced by a new checkout');
      }
      const paymentId = await this.payments.createBalancePayment(m, {
        projectId: row.projectId,
        amountPence: row.amountPence,
        customerEmail: row.customerEmail,
        serviceName: row.serviceName,
        breakdown: await this.breakdown(row.projectId, row.amountPence),
      });
      await this.repo.linkBalancePayment(m, row.projectId, paymentId);
      const metadata = { payment_id: String(paymentId), kind: 'balance', projectId: row.projectId };
      const expiresAt = Math.floor(Date.now() / 1000) + CHECKOUT_EXPIRES_MINUTES * 60;
      try {
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: CURRENCY,
                  unit_amount: row.amountPence,
                  product_data: { name: `${row.serviceName} — balance` },
                },
              },
            ],
            customer_email: row.customerEmail,
            client_reference_id: String(paymentId),
            expires_at: expiresAt,
            success_url: `${this.config.publicUrl}/pay/${token}?paid=1`,
            cancel_url: `${this.config.publicUrl}/pay/${token}`,
            metadata,
            payment_intent_data: { metadata },
          },
          { idempotencyKey: `balance-${row.projectId}-v${row.version}-cs-${paymentId}` },
        );
        if (!session.url) throw new Error('Checkout Session without url');
        await this.payments.recordCheckoutSession(m, paymentId, {
          id: session.id,
          url: session.url,
          expiresAt,
        });
        return { url: session.url, sessionId: session.id, reused: false };
      } catch (err) {
        this.logger.warn(`Balance checkout for payment ${paymentId} failed: ${(err as Error).message}`);
        return { failed: err };
      }
    });
    if ('failed' in outcome) {
      const type = (outcome.failed as { type?: string }).type;
      throw new AppException(
        type === 'StripeConnectionError' ? 503 : 502,
        'The payment provider could not set up this payment. Please try again in a moment.',
        type === 'StripeConnectionError' ? 'PAYMENT_PROVIDER_UNAVAILABLE' : 'PAYMENT_PROVIDER_ERROR',
      );
    }
    return outcome;
  }
}
