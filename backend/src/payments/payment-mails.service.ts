/**
 * The two mails of a succeeded payment: the customer's confirmation (with the receipt link) and
 * the studio's notice, then the kind's `afterSucceeded` hook. Called by the Stripe webhook after
 * its transaction commits, for the first delivery of an event and for every duplicate.
 *
 * Guarantees:
 * - Once per payment: a claim on the payment row decides who queues them, and the job ids are
 *   derived from the payment so the queue itself drops a second copy.
 * - If Redis is down the mail service parks them in its outbox; any other failure releases the
 *   claim and answers 503, and Stripe's retry (a duplicate delivery) queues them.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { formatPence } from '@studio/shared';
import { DataSource } from 'typeorm';
import { unavailable } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MailService } from '../mail/mail.service';
import type { MailRequest } from '../mail/mail.types';
import { PaymentEntity } from './entities/payment.entity';
import { PaymentSettlementHooks } from './payment-settlement-hooks';
import { PaymentsRepository } from './payments.repository';
import { receiptLink } from './receipts/receipt-links';

@Injectable()
export class PaymentMailsService {
  private readonly logger = new Logger(PaymentMailsService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly repo: PaymentsRepository,
    private readonly mail: MailService,
    private readonly hooks: PaymentSettlementHooks,
  ) {}

  /** Queues the two mails of a succeeded payment, once (see the header). */
  async queueMails(paymentId: number): Promise<void> {
    const claimedAt = new Date().toISOString();
    if (!(await this.repo.claimMails(paymentId, claimedAt))) return;
    const payment = await this.repo.findByIdIn(this.dataSource.manager, paymentId);
    try {
      for (const job of this.mailsFor(payment, await this.mail.adminAddress())) {
        // Redis being away is covered: the mail waits in the outbox and is queued later.
        await this.mail.enqueueQuietly(job);
      }
      await this.hooks.get(payment.kind)?.afterSucceeded?.(payment);
    } catch (err) {
      this.logger.error(`Could not queue the mails of payment ${paymentId}: ${(err as Error).message}`);
      await this.repo.releaseMailClaim(paymentId);
      throw unavailable(
        'The payment was recorded but its confirmation could not be queued yet.',
        'MAIL_QUEUE_UNAVAILABLE',
      );
    }
  }

  private mailsFor(payment: PaymentEntity, adminAddress: string): MailRequest[] {
    const serviceName = payment.metadata.serviceName ?? 'your booking';
    const amountFormatted = formatPence(payment.amount);
    const transactionId =
      payment.stripePaymentIntentId ?? payment.stripeCheckoutSessionId ?? `payment-${payment.id}`;
    // Deposits and plan bookings both leave a balance to invoice; a custom payment does not.
    const remainingFormatted =
      payment.kind !== 'custom' && payment.metadata.remainingPence
        ? formatPence(payment.metadata.remainingPence)
        : undefined;
    const customerName =
      typeof payment.metadata.customerName === 'string' ? payment.metadata.customerName : undefined;
    const jobs: MailRequest[] = [];
    if (payment.customerEmail) {
      jobs.push({
        template: 'payment-confirmation',
        to: payment.customerEmail,
        subject: `Payment confirmed: ${amountFormatted} for ${serviceName}`,
        context: {
          customerName,
          serviceName,
          amountFormatted,
          transactionId,
          remainingFormatted,
          receiptUrl: receiptLink(this.config.publicUrl, this.config.jwtSecret, payment.id),
        },
        jobId: `payment-${payment.id}-confirmation`,
      });
    }
    jobs.push({
      template: 'payment-admin',
      to: adminAddress,
      replyTo: payment.customerEmail ?? undefined,
      subject: `New payment: ${amountFormatted} for ${serviceName}`,
      context: {
        paymentId: payment.id,
        kind: payment.kind,
        serviceName,
        amountFormatted,
        transactionId,
        remainingFormatted,
        customerName,
        customerEmail: payment.customerEmail ?? undefined,
        referralCode: payment.referralCode ?? undefined,
        discountPercent: payment.discountPercent ?? undefined,
        referralOutcome: payment.metadata.referralOutcome,
      },
      jobId: `payment-${payment.id}-admin`,
    });
    return jobs;
  }
}
