import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErasureCount, PersonalDataSource } from '../common/personal-data';

/**
 * A sign-in account with the address (profile only: never the password hash or 2FA secrets).
 * Accounts are not erased from here: staff are deactivated on /admin/users, so their audit
 * trail keeps a name.
 */
@Injectable()
export class UsersPersonalDataRepository implements PersonalDataSource {
  readonly section = 'account';

  constructor(private readonly db: DataSource) {}

  exportFor(email: string): Promise<unknown[]> {
    return this.db.query(
      `SELECT id, username, email, display_name AS "displayName", bio, role,
              created_at AS "createdAt", last_sign_in_at AS "lastSignInAt"
       FROM users WHERE lower(email) = lower($1)`,
      [email],
    );
  }

  eraseFor(): Promise<ErasureCount> {
    return Promise.resolve({ deleted: 0, anonymised: 0 });
  }
}
