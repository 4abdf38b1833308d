/**
 * Data requests (privacy policy): everything held about one email address as one JSON
 * document, and its erasure. Each feature answers for its own tables through its
 * PersonalDataSource; this service only asks them, in a fixed order, and audits the request.
 */
import { Injectable } from '@nestjs/common';
import type { DataErasureResult, DataExport } from '@studio/shared';
import { AuditService } from '../audit/audit.service';
import { CommentsPersonalDataRepository } from '../blog/comments/comments-personal-data.repository';
import { ErasureCount, PersonalDataSource } from '../common/personal-data';
import { ContactPersonalDataRepository } from '../contact/contact-personal-data.repository';
import { MailPersonalDataRepository } from '../mail/mail-personal-data.repository';
import { NewsletterPersonalDataRepository } from '../newsletter/newsletter-personal-data.repository';
import { ProjectsPersonalDataRepository } from '../projects/projects-personal-data.repository';
import { PaymentsPersonalDataRepository } from '../payments/payments-personal-data.repository';
import { ReferralPersonalDataRepository } from '../referral/referral-personal-data.repository';
import { UsersPersonalDataRepository } from '../users/users-personal-data.repository';

@Injectable()
export class DataRequestsService {
  private readonly sources: PersonalDataSource[];

  constructor(
    private readonly audit: AuditService,
    account: UsersPersonalDataRepository,
    contact: ContactPersonalDataRepository,
    newsletter: NewsletterPersonalDataRepository,
    referral: ReferralPersonalDataRepository,
    payments: PaymentsPersonalDataRepository,
    comments: CommentsPersonalDataRepository,
    projects: ProjectsPersonalDataRepository,
    mails: MailPersonalDataRepository,
  ) {
    // Payments first: anonymising them must not depend on a referral code still existing.
    this.sources = [account, projects, payments, contact, newsletter, referral, comments, mails];
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
    for (const source of this.sources) {
      erased[source.section] = await source.eraseFor(email);
    }
    await this.audit.record({
      action: 'data.erase',
      targetType: 'email',
      // The log keeps that an erasure happened, not the address itself.
      targetId: null,
      summary: 'Erased the data held about one email address',
      after: erased,
    });
    const total = Object.values(erased).reduce((n, c) => n + c.deleted + c.anonymised, 0);
    return {
      success: true,
      message: total ? `Erased ${total} record(s).` : 'Nothing was held about that address.',
      erased,
    };
  }
}
