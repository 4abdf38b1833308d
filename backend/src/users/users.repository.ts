import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { Role } from '@studio/shared';
import { UserEntity } from './entities/user.entity';

/** Any constant unique to this lock: serialises changes that could remove the last admin. */
const LAST_ADMIN_LOCK = 4_242_017;

/** What readers see of a post's author. */
export interface AuthorProfile {
  username: string;
  displayName: string | null;
  bio: string | null;
  profileImage: string | null;
}

/** Every query on `users`: sign-in, registration, staff management, two-factor, authors' profiles. */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** By username or email (case-insensitive email), with the password hash. */
  findForLogin(login: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.password')
      .where('u.username = :login OR lower(u.email) = lower(:login)', { login })
      .getOne();
  }

  findByUsernameOrEmail(username: string, email: string): Promise<UserEntity | null> {
    return this.users.findOne({ where: [{ username }, { email }] });
  }

  anyAdmin(): Promise<boolean> {
    return this.users.exists({ where: { role: 'admin' } });
  }

  /** The new account's id. */
  async insert(fields: Partial<UserEntity>): Promise<number> {
    return (await this.users.save(this.users.create(fields))).id;
  }

  async setRole(id: number, role: Role): Promise<void> {
    await this.users.update(id, { role });
  }

  async authorProfiles(ids: number[]): Promise<Map<number, AuthorProfile>> {
    if (!ids.length) return new Map();
    const rows = (await this.users.query(
      `SELECT id, username, display_name, bio, profile_image FROM users WHERE id = ANY($1)`,
      [[...new Set(ids)]],
    )) as {
      id: number;
      username: string;
      display_name: string | null;
      bio: string | null;
      profile_image: string | null;
    }[];
    return new Map(
      rows.map((r) => [
        r.id,
        { username: r.username, displayName: r.display_name, bio: r.bio, profileImage: r.profile_image },
      ]),
    );
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email: email.trim() })
      .getOne();
  }

  /** With the password hash, for checking the current password. */
  findWithPassword(id: number): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').addSelect('u.password').where('u.id = :id', { id }).getOne();
  }

  /** With the TOTP secrets (encrypted). */
  findWithTotp(id: number): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect(['u.totpSecret', 'u.totpPendingSecret'])
      .where('u.id = :id', { id })
      .getOne();
  }

  /** Whether a username or email is used by any account, either way round. */
  async nameOrEmailTaken(username: string, email: string): Promise<boolean> {
    const [row] = (await this.users.query(
      `SELECT EXISTS (
         SELECT 1 FROM users
         WHERE username = $1 OR lower(email) = lower($2) OR lower(email) = lower($1) OR lower(username) = lower($2)
       ) AS taken`,
      [username, email],
    )) as { taken: boolean }[];
    return row.taken;
  }

  listAll(): Promise<UserEntity[]> {
    return this.users.createQueryBuilder('u').orderBy('u.created_at', 'ASC').getMany();
  }

  async markSignedIn(id: number): Promise<void> {
    await this.users.query(`UPDATE users SET last_sign_in_at = now() WHERE id = $1`, [id]);
  }

  /** A new password; an invitation is accepted by the same step. */
  async setPassword(id: number, hash: string): Promise<void> {
    await this.users.query(
      `UPDATE users SET password = $2, invited_at = NULL, updated_at = now() WHERE id = $1`,
      [id, hash],
    );
  }

  /**
   * Changes a role or the deactivation of an account unless that would leave no active admin.
   * Serialised by an advisory lock so two admins demoting each other at once cannot both win.
   * Returns false (nothing changed) when the change was refused.
   */
  async changeKeepingAnAdmin(
    id: number,
    change: { role?: Role; deactivatedAt?: Date | null },
  ): Promise<boolean> {
    return this.users.manager.transaction(async (em) => {
      await em.query(`SELECT pg_advisory_xact_lock($1)`, [LAST_ADMIN_LOCK]);
      const [target] = (await em.query(`SELECT role, deactivated_at FROM users WHERE id = $1`, [id])) as {
        role: Role;
        deactivated_at: Date | null;
      }[];
      if (!target) return false;
      const staysAdmin = (change.role ?? target.role) === 'admin';
      const staysActive =
        (change.deactivatedAt === undefined ? target.deactivated_at : change.deactivatedAt) === null;
      if (target.role === 'admin' && !target.deactivated_at && !(staysAdmin && staysActive)) {
        const [row] = (await em.query(
          `SELECT count(*)::int AS n FROM users
           WHERE role = 'admin' AND deactivated_at IS NULL AND invited_at IS NULL AND id <> $1`,
          [id],
        )) as { n: number }[];
        if (row.n === 0) return false;
      }
      if (change.role !== undefined) {
        await em.query(`UPDATE users SET role = $2, updated_at = now() WHERE id = $1`, [id, change.role]);
      }
      if (change.deactivatedAt !== undefined) {
        await em.query(`UPDATE users SET deactivated_at = $2, updated_at = now() WHERE id = $1`, [
          id,
          change.deactivatedAt,
        ]);
      }
      return true;
    });
  }

  async setInvited(id: number, at: Date): Promise<void> {
    await this.users.query(`UPDATE users SET invited_at = $2 WHERE id = $1`, [id, at]);
  }

  /** Active admins other than `exceptId`. */
  async countActiveAdmins(exceptId?: number): Promise<number> {
    const [row] = (await this.users.query(
      `SELECT count(*)::int AS n FROM users
       WHERE role = 'admin' AND deactivated_at IS NULL AND invited_at IS NULL AND ($1::int IS NULL OR id <> $1::int)`,
      [exceptId ?? null],
    )) as { n: number }[];
    return row.n;
  }

  async setPendingTotp(id: number, encrypted: string | null): Promise<void> {
    await this.users.query(`UPDATE users SET totp_pending_secret = $2 WHERE id = $1`, [id, encrypted]);
  }

  async enableTotp(id: number, encrypted: string): Promise<void> {
    await this.users.query(
      `UPDATE users SET totp_secret = $2, totp_pending_secret = NULL, totp_enabled_at = now() WHERE id = $1`,
      [id, encrypted],
    );
  }

  async disableTotp(id: number): Promise<void> {
    await this.users.query(
      `UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_enabled_at = NULL WHERE id = $1`,
      [id],
    );
  }
}
