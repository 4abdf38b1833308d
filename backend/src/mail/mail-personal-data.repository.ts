import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { affected, ErasureCount, PersonalDataSource } from '../common/personal-data';

/**
 * Stored mails (`mail_messages`, kept 30 days after sending) that name an address anywhere: as
 * recipient, reply-to, or in the template's context (an admin notice quoting a customer). All of
 * them may be deleted; a mail not yet sent then never goes.
 */
@Injectable()
export class MailPersonalDataRepository implements PersonalDataSource {
  readonly section = 'mails';

  constructor(private readonly db: DataSource) {}

  exportFor(email: string): Promise<unknown[]> {
    return this.db.query(
      `SELECT job_id AS "jobId", payload->>'template' AS template, payload->>'to' AS "to",
              payload->>'subject' AS subject, created_at AS "createdAt", sent_at AS "sentAt"
         FROM mail_messages WHERE strpos(lower(payload::text), lower($1)) > 0 ORDER BY created_at, job_id`,
      [email],
    );
  }

  async eraseFor(email: string): Promise<ErasureCount> {
    const deleted = affected(
      await this.db.query(`DELETE FROM mail_messages WHERE strpos(lower(payload::text), lower($1)) > 0`, [
        email,
      ]),
    );
    return { deleted, anonymised: 0 };
  }
}
