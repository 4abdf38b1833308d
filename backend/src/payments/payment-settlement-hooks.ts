/**
 * Lets a feature act when Stripe settles a payment of its kind, without the payments module
 * knowing the feature (the pattern of mail/mail-delivery-hooks.ts). A feature registers one hook
 * per payment kind when its module starts (projects: deposits and plan bookings open a project;
 * reviews: a balance payment unlocks the final files); the Stripe webhook runs it:
 *
 * - `succeeded` runs inside the webhook's transaction, after the event has moved the payment,
 *   for every event that leaves the payment succeeded (the first one and any later one, such as
 *   a dispute on it), so it must be idempotent. What it writes commits with the event's record or
 *   not at all; a throw rolls the event back and Stripe delivers it again.
 *   It may refuse the money instead ({ refuse: why }, e.g. a balance paid through a session that
 *   was still open when its project was cancelled): the webhook refunds the payment in the same
 *   transaction and flags it to staff.
 * - `afterSucceeded` runs after the commit, once per payment, beside the payment's own
 *   confirmation mails (the mail claim on the payment row decides who runs them). A throw
 *   releases the claim and answers 503, so Stripe's retry runs it again: it queues mails with job
 *   ids derived from the payment, so a second run mails nothing twice.
 *
 * - `reversed` runs in the transaction that gives the money back: a full refund (the webhook's
 *   charge.refunded, or an admin's refund from the back office) or a dispute the studio lost.
 *   It may run more than once for one payment (a refund then a dispute), so it must be
 *   idempotent too.
 */
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PaymentEntity, PaymentKind } from './entities/payment.entity';

/** What a hook learns about the settled payment (read-only: the webhook owns the row). */
export type SettledPayment = Readonly<
  Pick<PaymentEntity, 'id' | 'kind' | 'status' | 'amount' | 'serviceId' | 'customerEmail' | 'metadata'>
>;

export type ReversalReason = 'refunded' | 'dispute_lost';

/**
 * What an admin's refund asks of the payment's project (the refund form's choice), run in the
 * refund's transaction before Stripe is called: a move the project cannot make refuses the
 * refund (409) and nothing is refunded. Returns the project's id, or null when the payment
 * has no project.
 */
export type RefundProjectStep = (
  m: EntityManager,
  e: {
    payment: SettledPayment;
    action: 'none' | 'on_hold' | 'cancelled';
    reason: string;
    amountPence: number;
    staffName: string;
  },
) => Promise<string | null>;

export interface PaymentSettlementHook {
  /** May refuse the money (e.g. its project was cancelled): the webhook then refunds it at once. */
  succeeded(m: EntityManager, payment: SettledPayment): Promise<void | { refuse: string }>;
  afterSucceeded?(payment: SettledPayment): Promise<void>;
  reversed?(m: EntityManager, payment: SettledPayment, reason: ReversalReason): Promise<void>;
}

@Injectable()
export class PaymentSettlementHooks {
  private readonly hooks = new Map<PaymentKind, PaymentSettlementHook>();

  /** One hook per kind: a second registration is a wiring mistake, refused at start-up. */
  register(kinds: readonly PaymentKind[], hook: PaymentSettlementHook): void {
    for (const kind of kinds) {
      if (this.hooks.has(kind))
        throw new Error(`A settlement hook for ${kind} payments is already registered`);
      this.hooks.set(kind, hook);
    }
  }

  get(kind: PaymentKind): PaymentSettlementHook | undefined {
    return this.hooks.get(kind);
  }

  private refundStep: RefundProjectStep | null = null;

  /** The projects feature registers how a refund moves a project (once). */
  registerRefundStep(step: RefundProjectStep): void {
    if (this.refundStep) throw new Error('A refund project step is already registered');
    this.refundStep = step;
  }

  runRefundStep(...args: Parameters<RefundProjectStep>): Promise<string | null> {
    return this.refundStep ? this.refundStep(...args) : Promise.resolve(null);
  }
}
