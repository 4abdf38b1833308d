import { Inject, Injectable, Logger } from '@nestjs/common';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, type PublicUser, type Role } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { conflict } from '../common/errors/app.exception';
import { UserEntity } from './entities/user.entity';
import { type AuthorProfile, UsersRepository } from './users.repository';

export interface NewUser {
  username: string;
  email: string;
  password: string;
  displayName?: string | null;
  role: Role;
  /** Set for an invited account: it cannot sign in until the invitee sets a password. */
  invitedAt?: Date | null;
}

const PG_UNIQUE_VIOLATION = '23505';

/**
 * One answer whichever of username or email is taken, so registration cannot be used to find
 * out who has an account.
 */
const registrationUnavailable = () =>
  conflict(ACCOUNT_MESSAGES.registrationUnavailable, 'REGISTRATION_UNAVAILABLE');

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: UsersRepository,
  ) {
    hashOptions.memoryCost = config.passwordHashMemoryKib;
  }

  findById(id: number): Promise<UserEntity | null> {
    return this.repo.findById(id);
  }

  /** Looks up by username or email (case-insensitive email), with the password hash. */
  findForLogin(login: string): Promise<UserEntity | null> {
    return this.repo.findForLogin(login);
  }

  /** What readers see of these authors, by id. */
  authorProfiles(ids: number[]): Promise<Map<number, AuthorProfile>> {
    return this.repo.authorProfiles(ids);
  }

  async create(input: NewUser): Promise<UserEntity> {
    const email = input.email.trim().toLowerCase();
    const username = input.username.trim();
    if (await this.repo.nameOrEmailTaken(username, email)) throw registrationUnavailable();
    try {
      const id = await this.repo.insert({
        username,
        email,
        password: await hashPassword(input.password),
        displayName: input.displayName?.trim() || null,
        role: input.role,
        invitedAt: input.invitedAt ?? null,
      });
      return (await this.findById(id)) as UserEntity;
    } catch (err) {
      // Two registrations racing for the same name: the unique index decides.
      if ((err as { code?: string }).code === PG_UNIQUE_VIOLATION) {
        throw registrationUnavailable();
      }
      throw err;
    }
  }

  /**
   * Makes sure the site has an admin: the SEED_ADMIN_* account when configured, otherwise
   * 'admin' with a generated password that is printed once.
   */
  async ensureAdmin(): Promise<void> {
    if (await this.repo.anyAdmin()) return;
    const { username, email, password } = this.config.seedAdmin;
    const generated = !password;
    const account = {
      username: username ?? 'admin',
      email: email ?? 'admin@localhost.localdomain',
      password: password ?? randomBytes(12).toString('base64url'),
    };
    const taken = await this.repo.findByUsernameOrEmail(account.username, account.email);
    if (taken) {
      await this.repo.setRole(taken.id, 'admin');
      this.logger.log(`Promoted existing user "${taken.username}" to admin`);
      return;
    }
    try {
      await this.create({ ...account, displayName: 'Studio Admin', role: 'admin' });
    } catch (err) {
      // Replicas booting together on an empty database: another one created the admin first.
      if (await this.repo.anyAdmin()) return;
      throw err;
    }
    if (generated) {
      // Printed once, on the boot that created the account.
      console.log(
        `\n  Admin account created: username "${account.username}", password "${account.password}"\n  (set SEED_ADMIN_USERNAME / SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD to choose your own)\n`,
      );
    } else {
      this.logger.log(`Created admin "${account.username}" from SEED_ADMIN_*`);
    }
  }
}

/** Set once from the configuration; the parameters travel inside each hash, so old hashes still verify. */
const hashOptions: { memoryCost?: number } = {};

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id, ...hashOptions });
}

export function verifyPassword(hash: string, plain: string): Promise<boolean> {
  return argon2.verify(hash, plain).catch(() => false);
}

export function toPublicUser(u: UserEntity): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    displayName: u.displayName,
    bio: u.bio,
    profileImage: u.profileImage,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
  };
}
