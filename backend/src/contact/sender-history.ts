/**
 * What the inbox drawer shows beside a message: the sender's payments and projects under the
 * same email, read through those features' services (the newest RELATED_LIMIT of each).
 */
import { Injectable } from '@nestjs/common';
import { RELATED_LIMIT, type AdminMessageDetail } from '@studio/shared';
import { PaymentLedgerService } from '../payments/payment-ledger.service';
import { ProjectsService } from '../projects/projects.service';

@Injectable()
export class SenderHistory {
  constructor(
    private readonly payments: PaymentLedgerService,
    private readonly projects: ProjectsService,
  ) {}

  /** `email` as stored on the message; payments and projects are matched on it lower-cased. */
  async of(email: string): Promise<AdminMessageDetail['related']> {
    const sender = email.trim().toLowerCase();
    const [payments, projects] = await Promise.all([
      this.payments.forEmail(sender, RELATED_LIMIT),
      this.projects.listForClient(sender),
    ]);
    return {
      payments: payments.items,
      paymentsTotal: payments.total,
      projects: projects.slice(0, RELATED_LIMIT),
    };
  }
}
