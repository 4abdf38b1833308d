/**
 * Opens the client project of a paid deposit or plan booking: the settlement hook this feature
 * registers with payments (payments/payment-settlement-hooks.ts), so the Stripe webhook opens
 * projects without knowing about them.
 *
 * Guarantees (through ProjectsService): the project opens inside the webhook's transaction,
 * once per payment (a unique index on the project's payment id), so a repeated event changes
 * nothing; its mail goes out after the commit with the payment's own, once (job id). It also
 * registers the refund step: an admin's refund notes itself on the project's timeline and puts
 * the project on hold or cancels it as the refund form asked, in the refund's transaction.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { PaymentSettlementHooks, SettledPayment } from '../payments/payment-settlement-hooks';
import { PaidBooking, ProjectsService } from './projects.service';

@Injectable()
export class BookingSettlement implements OnModuleInit {
  constructor(
    private readonly hooks: PaymentSettlementHooks,
    private readonly projects: ProjectsService,
  ) {}

  onModuleInit(): void {
    this.hooks.register(['deposit', 'plan'], {
      succeeded: async (m, payment) => {
        await this.projects.openForPayment(m, paidBooking(payment));
      },
      afterSucceeded: (payment) => this.projects.mailProjectCreated(payment.id),
    });
    // An admin's refund may put the payment's project on hold or cancel it (any payment kind).
    this.hooks.registerRefundStep((m, e) =>
      this.projects.moveForRefund(m, {
        paymentId: e.payment.id,
        metaProjectId: e.payment.metadata.projectId,
        action: e.action,
        reason: e.reason,
        amountPence: e.amountPence,
        staffName: e.staffName,
      }),
    );
  }
}

function paidBooking(payment: SettledPayment): PaidBooking {
  return {
    paymentId: payment.id,
    kind: payment.kind,
    amountPence: payment.amount,
    remainingPence: payment.metadata.remainingPence,
    serviceId: payment.serviceId,
    serviceName: payment.metadata.serviceName,
    customerEmail: payment.customerEmail,
    customerName:
      typeof payment.metadata.customerName === 'string' ? payment.metadata.customerName : undefined,
  };
}
