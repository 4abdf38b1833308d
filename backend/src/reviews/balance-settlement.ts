/**
 * Settles a project's balance payment: the settlement hook this feature registers with payments
 * for kind 'balance' (payments/payment-settlement-hooks.ts), so the Stripe webhook unlocks final
 * files without knowing about reviews.
 *
 * Guarantees (through ReviewBalanceService): inside the webhook's transaction the balance is
 * marked paid once and the project moves to paid (and delivered when final files are waiting);
 * after the commit the reminders are cancelled and the client is told, once (job id). A balance
 * given back (a full refund, a lost dispute) puts the project on hold, which locks the final
 * files again, and flags it to staff.
 */
import { Injectable, OnModuleInit } from '@nestjs/common';
import { PaymentSettlementHooks } from '../payments/payment-settlement-hooks';
import { ReviewBalanceService } from './review-balance.service';

@Injectable()
export class BalanceSettlement implements OnModuleInit {
  constructor(
    private readonly hooks: PaymentSettlementHooks,
    private readonly balance: ReviewBalanceService,
  ) {}

  onModuleInit(): void {
    this.hooks.register(['balance'], {
      succeeded: (m, payment) => this.balance.onBalancePaid(m, payment),
      afterSucceeded: (payment) => this.balance.afterBalancePaid(payment),
      reversed: (m, payment, reason) => this.balance.onBalanceReversed(m, payment, reason),
    });
  }
}
