import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { affected, ErasureCount, PersonalDataSource } from '../common/personal-data';

/** Contact messages sent from an address. All of them may be deleted. */
@Injectable()
export class ContactPersonalDataRepository implements PersonalDataSource {
  readonly section = 'contactMessages';

  constructor(private readonly db: DataSource) {}

  exportFor(email: string): Promise<unknown[]> {
    return this.db.query(
      `SELECT id, name, email, service, message, created_at AS "createdAt"
       FROM contacts WHERE lower(email) = lower($1) ORDER BY id`,
      [email],
    );
  }

  async eraseFor(email: string, tx: EntityManager): Promise<ErasureCount> {
    const deleted = affected(await tx.query(`DELETE FROM contacts WHERE lower(email) = lower($1)`, [email]));
    return { deleted, anonymised: 0 };
  }
}
