/**
 * Data requests (privacy policy): everything held about one email address as one JSON
 * document, and its erasure. Each feature answers for its own tables through its
 * PersonalDataSource; this service only asks them, in a fixed order, and audits the request.
 *
 * Erasure is one database transaction over every source (all rows erased, or none), and only
 * once it is committed are the client's project files removed from storage (local disk or S3):
 * a file is never deleted while its row could still roll back. The same transaction notes the
 * files' keys (StorageRemovals), so a file that cannot be removed at once, or one left because
 * the process died right after the commit, is retried by the workers until it is gone; the
 * answer counts the files still waiting.
 */
import { Injectable } from '@nestjs/common';
import type { DataErasureResult, DataExport } from '@studio/shared';
import { AuditPersonalDataRepository } from '../audit/audit-personal-data.repository';
import { AuditService } from '../audit/audit.service';
import { CommentsPersonalDataRepository } from '../blog/comments/comments-personal-data.repository';
import { DataSource } from 'typeorm';
import { ErasureCount, PersonalDataSource } from '../common/personal-data';
import { ContactPersonalDataRepository } from '../contact/contact-personal-data.repository';
import { MailPersonalDataRepository } from '../mail/mail-personal-data.repository';
import { NewsletterPersonalDataRepository } from '../newsletter/newsletter-personal-data.repository';
import { ProjectsPersonalDataRepository } from '../projects/projects-personal-data.repository';
import { PaymentsPersonalDataRepository } from '../payments/payments-personal-data.repository';
import { ReferralPersonalDataRepository } from '../referral/referral-personal-data.repository';
import { StorageRemovals } from '../storage/storage-removals';
import { UsersPersonalDataRepository } from '../users/users-personal-data.repository';

@Injectable()
export class DataRequestsService {
  private readonly sources: PersonalDataSource[];

  constructor(
    private readonly db: DataSource,
    private readonly removals: StorageRemovals,
    private readonly audit: AuditService,
    account: UsersPersonalDataRepository,
    contact: ContactPersonalDataRepository,
    newsletter: NewsletterPersonalDataRepository,
    referral: ReferralPersonalDataRepository,
    payments: PaymentsPersonalDataRepository,
    comments: CommentsPersonalDataRepository,
    projects: ProjectsPersonalDataRepository,
    mails: MailPersonalDataRepository,
    auditLog: AuditPersonalDataRepository,
  ) {
    // Payments first: anonymising them must not depend on a referral code still existing.
    this.sources = [account, projects, payments, contact, newsletter, referral, comments, mails, auditLog];
  }

  async export(email: string): Promise<DataExport> {
    const sections: Record<string, unknown[]> = {};
    for (const source of this.sources) sections[source.section] = await source.exportFor(email);
    const counts = Object.fromEntries(Object.entries(sections).map(([k, v]) => [k, v.length]));
    await this.audit.record({
      action: 'data.export',
      targetType: 'email',
      targetId: email,
      summary: `Exported the data held about ${email}`,
      after: counts,
    });
    return { email, exportedAt: new Date().toISOString(), sections };
  }

  async erase(email: string): Promise<DataErasureResult> {
    const erased: Record<string, ErasureCount> = {};
    const keys: string[] = [];
    await this.db.transaction(async (tx) => {
      for (const source of this.sources) {
        const { deleted, anonymised, files = [] } = await source.eraseFor(email, tx);
        erased[source.section] = { deleted, anonymised };
        keys.push(...files);
      }
      await this.removals.note(tx, keys);
    });
    const { removed, failed } = await this.removals.removeNow(keys);
    const files = { removed, failed: failed.length };
    await this.audit.record({
      action: 'data.erase',
      targetType: 'email',
      // The log keeps that an erasure happened, not the address itself.
      targetId: null,
      summary: 'Erased the data held about one email address',
      after: { ...erased, files },
    });
    const total = Object.values(erased).reduce((n, c) => n + c.deleted + c.anonymised, 0);
    const message = !total
      ? 'Nothing was held about that address.'
      : failed.length
        ? `Erased ${total} record(s); ${failed.length} stored file(s) could not be removed yet and will be retried.`
        : `Erased ${total} record(s).`;
    return { success: true, message, erased, files };
  }
}
