/**
 * Receipts: one PDF per payment that took money (a deposit, a plan booking, a project's balance
 * with its extra revision rounds, a custom payment), drawn when asked from the payment as
 * stored, so it always shows the refunds made since. Payments are read through PaymentsService.
 *
 * Who may open one: the signed-in client, for the payments of their own project (the project
 * page lists them); anyone holding the signed link of the payment's mail (receipt-links.ts).
 * Anything else reads as "not found".
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  breakdownLines,
  formatPenceExact,
  receiptNumber,
  type BalanceBreakdown,
  type ReceiptSummaryDto,
} from '@studio/shared';
import { notFound } from '../../common/errors/app.exception';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.module';
import { ProjectsService } from '../../projects/projects.service';
import { SettingsService } from '../../settings/settings.service';
import { PaymentEntity } from '../entities/payment.entity';
import { SETTLED } from '../payments.repository';
import { PaymentsService } from '../payments.service';
import { receiptLink, verifyReceiptLinkToken } from './receipt-links';
import { ReceiptData, ReceiptLine, renderReceiptPdf } from './receipt-pdf';

export const RECEIPT_NOT_FOUND = 'Receipt not found.';

const LABELS: Record<PaymentEntity['kind'], string> = {
  deposit: 'Deposit',
  plan: 'Booking deposit',
  balance: 'Balance',
  custom: 'Payment',
};

const notFoundReceipt = () => notFound(RECEIPT_NOT_FOUND, 'RECEIPT_NOT_FOUND');

/** A payment id from a path: a positive 32-bit integer, else "not found". */
export function receiptPaymentId(raw: string): number {
  const id = Number(raw);
  if (!/^\d{1,10}$/.test(raw) || id < 1 || id > 2_147_483_647) throw notFoundReceipt();
  return id;
}

/** The balance's make-up as stored on its payment when its checkout started, if it adds up. */
function storedBreakdown(p: PaymentEntity): BalanceBreakdown | null {
  const b = p.metadata.breakdown as BalanceBreakdown | undefined;
  if (!b || typeof b.quotedPence !== 'number' || !Array.isArray(b.extras)) return null;
  const sum = b.quotedPence - b.depositPence + b.extras.reduce((n, e) => n + e.pence, 0);
  return sum === p.amount ? b : null;
}

/** What the payment was for, as lines that add up to its amount. */
export function receiptLines(p: PaymentEntity): ReceiptLine[] {
  const service = p.metadata.serviceName ?? 'Custom payment';
  switch (p.kind) {
    case 'deposit':
    case 'plan': {
      const price = p.amount + (p.metadata.remainingPence ?? 0);
      const list = p.metadata.listPricePence;
      const discount =
        list && list > price
          ? `, ${formatPenceExact(list)} less ${p.discountPercent ?? Math.round(((list - price) * 100) / list)}% referral discount`
          : '';
      return [{ label: `${service}: 50% deposit of ${formatPenceExact(price)}${discount}`, pence: p.amount }];
    }
    case 'balance': {
      const b = storedBreakdown(p);
      if (!b) return [{ label: `${service}: balance`, pence: p.amount }];
      return breakdownLines(b)
        .filter((line) => !line.total)
        .map((line) => ({
          label: line.label === 'Quote' ? `${service}: quote` : line.label,
          pence: line.pence,
        }));
    }
    default:
      return [{ label: service, pence: p.amount }];
  }
}

@Injectable()
export class ReceiptsService {
  constructor(
    private readonly payments: PaymentsService,
    private readonly projects: ProjectsService,
    private readonly settings: SettingsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The link a payment's mail carries: opens its receipt without signing in. */
  linkFor(paymentId: number): string {
    return receiptLink(this.config.publicUrl, this.config.jwtSecret, paymentId);
  }

  /** The receipts of the client's own project, oldest first. */
  async listForClient(projectId: string, email: string): Promise<ReceiptSummaryDto[]> {
    const project = await this.projects.requireOwned(projectId, email);
    const paid = await this.payments.settledForProject(project.paymentId, project.id);
    return paid.map((p) => ({
      paymentId: p.id,
      number: receiptNumber(p.id),
      label: LABELS[p.kind],
      amountPence: p.amount,
      refundedPence: p.amountRefunded,
      paidAt: paidAt(p).toISOString(),
      url: `/api/portal/projects/${project.id}/receipts/${p.id}`,
    }));
  }

  /** One receipt of the client's own project. */
  async pdfForClient(projectId: string, email: string, paymentId: number) {
    const project = await this.projects.requireOwned(projectId, email);
    const payment = (await this.payments.settledForProject(project.paymentId, project.id)).find(
      (p) => p.id === paymentId,
    );
    if (!payment) throw notFoundReceipt();
    return this.pdf(payment);
  }

  /** The receipt a mail's signed link opens. */
  async pdfByLink(paymentId: number, token: unknown) {
    if (!verifyReceiptLinkToken(this.config.jwtSecret, paymentId, token)) throw notFoundReceipt();
    const payment = await this.payments.findPayment(paymentId);
    if (!payment || !SETTLED.includes(payment.status)) throw notFoundReceipt();
    return this.pdf(payment);
  }

  private async pdf(payment: PaymentEntity): Promise<{ filename: string; stream: NodeJS.ReadableStream }> {
    const data = await this.data(payment);
    return { filename: `receipt-${data.number}.pdf`, stream: renderReceiptPdf(data) };
  }

  private async data(p: PaymentEntity): Promise<ReceiptData> {
    const [settings, refunds] = await Promise.all([this.settings.get(), this.payments.refundsOf(p)]);
    const service = p.metadata.serviceName;
    const name = typeof p.metadata.customerName === 'string' ? p.metadata.customerName : null;
    return {
      number: receiptNumber(p.id),
      paidAt: paidAt(p),
      studio: {
        name: settings.blogName,
        address: settings.studioAddress ?? null,
        vatNumber: settings.vatNumber ?? null,
        url: this.config.publicUrl,
      },
      customer: { name, email: p.customerEmail },
      title: service ? `${service}: ${LABELS[p.kind].toLowerCase()}` : LABELS[p.kind],
      lines: receiptLines(p),
      totalPence: p.amount,
      refunds,
      reference: p.stripePaymentIntentId ?? p.stripeCheckoutSessionId,
    };
  }
}

/** When the money was taken: when the webhook settled it (its mails were queued then). */
function paidAt(p: PaymentEntity): Date {
  const at = p.metadata.mailsQueuedAt ? new Date(p.metadata.mailsQueuedAt) : null;
  return at && !Number.isNaN(at.getTime()) ? at : p.updatedAt;
}
