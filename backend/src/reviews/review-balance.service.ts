/**
 * Approval and the balance: the client approves a version, one balance request is mailed with
 * its /pay link and reminders, and the paid balance unlocks the final files.
 *
 * Guarantees:
 * - Approval locks the project row: approving twice makes one balance request (a primary key on
 *   the project); a balance of nothing unlocks the files at once.
 * - A balance paid for a cancelled project (through a session still open) is refused: the
 *   webhook refunds it and tells staff.
 * - The balance payment is settled inside the Stripe webhook's transaction, once per project
 *   (the request is marked paid once); the project moves to paid, and to delivered when final
 *   files are waiting. Reminders are cancelled and the client told after the commit.
 * - A re-approval (the project went back to review, an extra round was added) re-prices an
 *   unpaid balance in the approval's transaction: the open Checkout Session is expired at Stripe
 *   first (PaymentsService.supersede), then the request gets its new amount and version, and the
 *   client is mailed the new amount. A payment that still reaches the old session is refunded
 *   by the webhook.
 * - A balance given back (full refund, lost dispute) puts a paid project on hold: the final
 *   files lock again, the timeline says why, and staff see it on the payments page.
 * - What the balance owes is written to the one ledger (money_ledger) in the approval's
 *   transaction: the first price, then each re-pricing as the difference it makes.
 * - A reminder mails the link again only while the balance is unpaid and the project is not
 *   cancelled.
 * - Mails go through the queue after the data is stored, with job ids derived from the project,
 *   so a retried step does not mail twice.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  BALANCE_PAID_STATUSES,
  balancePence,
  CURRENCY,
  formatPence,
  ProjectMoneyDto,
  REVIEW_MESSAGES,
} from '@studio/shared';
import { randomBytes } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { badRequest, conflict } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MoneyLedgerRepository } from '../payments/money-ledger.repository';
import { PaymentIssuesRepository } from '../payments/payment-issues.repository';
import type { ReversalReason } from '../payments/payment-settlement-hooks';
import { PaymentsService } from '../payments/payments.service';
import { ProjectEntity } from '../projects/entities/project.entity';
import { PortalAuthService } from '../projects/portal-auth.service';
import { ProjectLock } from '../projects/projects.repository';
import { ProjectsService } from '../projects/projects.service';
import { BalanceReminders } from './balance-reminders';
import { ReviewSteps } from './review-steps';
import { ReviewVersionsService } from './review-versions.service';
import { ReviewsRepository } from './reviews.repository';

@Injectable()
export class ReviewBalanceService {
  constructor(
    private readonly repo: ReviewsRepository,
    private readonly projects: ProjectsService,
    private readonly portalAuth: PortalAuthService,
    private readonly versions: ReviewVersionsService,
    private readonly steps: ReviewSteps,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly reminders: BalanceReminders,
    private readonly payments: PaymentsService,
    private readonly issues: PaymentIssuesRepository,
    private readonly moneyLedger: MoneyLedgerRepository,
  ) {}

  async money(project: ProjectEntity): Promise<ProjectMoneyDto> {
    const [extras, facts, request] = await Promise.all([
      this.repo.extras(project.id),
      this.repo.moneyFacts(project.id),
      this.repo.balanceRequest(project.id),
    ]);
    const extrasPence = extras.reduce((n, e) => n + e.pence, 0);
    const listPricePence = facts.listPricePence ?? project.quotedPence;
    return {
      listPricePence,
      discountPence: Math.max(0, listPricePence - project.quotedPence),
      quotedPence: project.quotedPence,
      depositPence: project.depositPence,
      extras,
      extrasPence,
      balancePence:
        request?.amountPence ?? balancePence(project.quotedPence, project.depositPence, extrasPence),
      balancePaid: Boolean(request?.paidAt),
      refundsPence: facts.refundsPence,
      // The client's own page for paying what was requested; nothing to pay, no link.
      payPath: request && !request.paidAt ? `/pay/${request.token}` : null,
    };
  }

  // ------------------------------------------------------------------ approval and the balance

  /** The client approves a version: one balance request, mailed at once, reminders queued. */
  async approve(projectId: string, email: string, versionId: string) {
    const owned = await this.projects.requireOwned(projectId, email);
    const v = await this.versions.requireVersion(owned.id, versionId);
    if (v.status !== 'ready') throw badRequest(REVIEW_MESSAGES.noVersion, 'VERSION_NOT_READY');
    const created = await this.repo.transaction(async (m) => {
      const project = (await this.steps.lock(m, owned.id))!;
      if (project.status === 'approved' || BALANCE_PAID_STATUSES.includes(project.status)) return null;
      if (project.status !== 'in_review') throw conflict(REVIEW_MESSAGES.notInReview, 'NOT_IN_REVIEW');
      const extras = (await this.repo.extras(project.id, m)).reduce((n, e) => n + e.pence, 0);
      const amount = balancePence(project.quotedPence, project.depositPence, extras);
      await this.steps.setStatusIn(m, project, 'approved', 'client', null, {
        type: 'approved',
        message: `Version ${v.number} (${v.name}) approved.`,
      });
      const made = `quoted ${formatPence(project.quotedPence)} − deposit ${formatPence(project.depositPence)}${extras ? ` + extras ${formatPence(extras)}` : ''}`;
      const existing = await this.repo.balanceRequest(project.id, m);
      let request: { token: string; amount: number; version: number; mail: boolean };
      if (existing) {
        // Approved before and sent back to review since: the balance follows the new price.
        if (existing.paidAt || existing.amountPence === amount)
          return {
            token: existing.token,
            amount: existing.amountPence,
            version: existing.version,
            mail: false,
          };
        if (existing.paymentId)
          await this.payments.supersede(m, existing.paymentId, `balance re-priced to ${formatPence(amount)}`);
        await this.repo.repriceBalanceRequest(m, project.id, amount);
        await this.moneyLedger.record(m, {
          entry: 'owed',
          amount: amount - existing.amountPence,
          currency: CURRENCY,
          ref: `owed-balance-${project.id}-v${existing.version + 1}`,
          projectId: project.id,
          memo: `balance re-priced to ${formatPence(amount)}`,
        });
        await this.steps.appendEventIn(m, {
          projectId: project.id,
          type: 'balance_requested',
          actor: 'system',
          message: `Balance re-priced to ${formatPence(amount)} (was ${formatPence(existing.amountPence)}; ${made}).`,
        });
        request = { token: existing.token, amount, version: existing.version + 1, mail: true };
      } else {
        const token = randomBytes(24).toString('base64url');
        await this.repo.insertBalanceRequest(m, { projectId: project.id, token, amountPence: amount });
        await this.moneyLedger.record(m, {
          entry: 'owed',
          amount,
          currency: CURRENCY,
          ref: `owed-balance-${project.id}-v1`,
          projectId: project.id,
          memo: 'balance requested',
        });
        await this.steps.appendEventIn(m, {
          projectId: project.id,
          type: 'balance_requested',
          actor: 'system',
          message: `Balance of ${formatPence(amount)} requested (${made}).`,
        });
        request = { token, amount, version: 1, mail: true };
      }
      if (amount === 0) {
        // Nothing left to pay (a deposit that covered the price): the files unlock at once.
        await this.repo.markBalancePaid(m, project.id, null);
        await this.unlock(m, project, 'Nothing left to pay.');
      }
      return request;
    });
    if (created?.mail && created.amount === 0)
      await this.afterBalancePaid({ id: 0, metadata: { projectId: owned.id } });
    else if (created?.mail)
      await this.sendBalanceRequest(owned, created.token, created.amount, created.version);
    return { alreadyApproved: !created, money: await this.money(await this.projects.requireAny(owned.id)) };
  }

  private async sendBalanceRequest(
    project: ProjectEntity,
    token: string,
    amount: number,
    version: number,
  ): Promise<void> {
    await this.steps.mailQuietly({
      template: 'balance-request',
      to: project.customerEmail,
      subject: `Your ${project.serviceName} is approved: balance of ${formatPence(amount)}`,
      context: {
        customerName: project.customerName ?? undefined,
        serviceName: project.serviceName,
        amountFormatted: formatPence(amount),
        payUrl: `${this.config.publicUrl}/pay/${token}`,
        projectUrl: this.portalAuth.projectUrl(project.id),
      },
      // One mail per price of the balance.
      jobId: `project-${project.id}-balance-request${version > 1 ? `-v${version}` : ''}`,
    });
    await this.reminders.schedule(project.id);
  }

  /** Run by the reminder job: mails the link again unless the balance was paid meanwhile. */
  async remind(projectId: string, day: number): Promise<boolean> {
    const request = await this.repo.balanceRequest(projectId);
    if (!request || request.paidAt) return false;
    const project = await this.projects.requireAny(projectId);
    if (project.status === 'cancelled') return false;
    await this.steps.mailQuietly({
      template: 'balance-reminder',
      to: project.customerEmail,
      subject: `Reminder: the balance for your ${project.serviceName}`,
      context: {
        customerName: project.customerName ?? undefined,
        serviceName: project.serviceName,
        amountFormatted: formatPence(request.amountPence),
        payUrl: `${this.config.publicUrl}/pay/${request.token}`,
        projectUrl: this.portalAuth.projectUrl(project.id),
        days: day,
      },
      jobId: `project-${projectId}-balance-reminder-${day}`,
    });
    return true;
  }

  /**
   * The balance payment succeeded (inside the webhook's transaction, once per event): the
   * request is marked paid once, and the project moves to paid (and delivered when final files
   * are waiting).
   */
  async onBalancePaid(
    m: EntityManager,
    payment: { id: number; metadata: Record<string, unknown> },
  ): Promise<void | { refuse: string }> {
    const projectId = typeof payment.metadata.projectId === 'string' ? payment.metadata.projectId : null;
    if (!projectId) return;
    const project = await this.steps.lock(m, projectId);
    // Paid through a session still open when staff cancelled the project: not owed any more.
    if (project?.status === 'cancelled') return { refuse: 'its project had been cancelled' };
    if (!project || !(await this.repo.markBalancePaid(m, projectId, payment.id))) return;
    const request = await this.repo.balanceRequest(projectId, m);
    await this.steps.appendEventIn(m, {
      projectId,
      type: 'balance_paid',
      actor: 'system',
      message: `Balance of ${formatPence(request?.amountPence ?? 0)} paid. Final files unlocked.`,
    });
    await this.unlock(m, project, 'Balance paid.');
  }

  /**
   * The payment that paid the balance was given back (inside that transaction): a paid project
   * goes on hold, so its final files lock again, and staff are told. Repeating it changes nothing.
   */
  async onBalanceReversed(
    m: EntityManager,
    payment: { id: number; amount: number; metadata: Record<string, unknown> },
    reason: ReversalReason,
  ): Promise<void> {
    const projectId = typeof payment.metadata.projectId === 'string' ? payment.metadata.projectId : null;
    if (!projectId) return;
    const project = await this.steps.lock(m, projectId);
    const request = project && (await this.repo.balanceRequest(projectId, m));
    if (!project || request?.paymentId !== payment.id) return;
    if (!BALANCE_PAID_STATUSES.includes(project.status)) return;
    const why =
      reason === 'refunded' ? 'the balance was refunded in full' : 'the client won a dispute of the balance';
    await this.steps.setStatusIn(m, project, 'on_hold', 'system', null, {
      type: 'status_changed',
      message: `On hold: ${why}, so the final files are locked again.`,
    });
    await this.issues.flag(m, {
      kind: 'finals_relocked',
      dedupeKey: `relock-${payment.id}-${reason}`,
      paymentId: payment.id,
      projectId,
      summary: `The final files of a project are locked again: ${why} (${formatPence(payment.amount)}, payment #${payment.id}). The project is on hold.`,
    });
  }

  /** Approved → paid, and delivered when final files are waiting (in the caller's transaction). */
  private async unlock(m: EntityManager, project: ProjectLock, message: string): Promise<void> {
    if (project.status !== 'approved') return;
    await this.steps.setStatusIn(m, project, 'paid', 'system', null, { type: 'status_changed', message });
    if ((await this.repo.finals(project.id, m)).length)
      await this.steps.setStatusIn(m, project, 'delivered', 'system', null, {
        type: 'status_changed',
        message: 'Final files delivered.',
      });
  }

  /** After the webhook's commit (once per payment): reminders cancelled, the client told. */
  async afterBalancePaid(payment: { id: number; metadata: Record<string, unknown> }): Promise<void> {
    const projectId = typeof payment.metadata.projectId === 'string' ? payment.metadata.projectId : null;
    if (!projectId) return;
    await this.reminders.cancel(projectId);
    const project = await this.projects.requireAny(projectId);
    const link = await this.portalAuth.projectLink(project.customerEmail, project.id);
    await this.steps.mailQuietly({
      template: 'files-unlocked',
      to: project.customerEmail,
      subject: `Your ${project.serviceName} final files are unlocked`,
      context: {
        customerName: project.customerName ?? undefined,
        serviceName: project.serviceName,
        signInUrl: link,
        projectUrl: this.portalAuth.projectUrl(project.id),
      },
      jobId: `project-${projectId}-files-unlocked`,
    });
  }
}
