import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import * as argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import type { PublicUser, Role } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { conflict } from '../common/errors/app.exception';
import { User } from './entities/user.entity';

export interface NewUser {
  username: string;
  email: string;
  password: string;
  displayName?: string | null;
  role: Role;
}

const PG_UNIQUE_VIOLATION = '23505';

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  findById(id: number): Promise<User | null> {
    return this.users.findOneBy({ id });
  }

  /** Looks up by username or email (case-insensitive email), with the password hash. */
  findForLogin(login: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.password')
      .where('u.username = :login OR lower(u.email) = lower(:login)', { login })
      .getOne();
  }

  async create(input: NewUser): Promise<User> {
    const email = input.email.trim().toLowerCase();
    const username = input.username.trim();
    const existing = await this.users
      .createQueryBuilder('u')
      .where('u.username = :username OR lower(u.email) = :email', { username, email })
      .getOne();
    if (existing) throw this.duplicate(existing.username === username);
    try {
      const user = await this.users.save(
        this.users.create({
          username,
          email,
          password: await hashPassword(input.password),
          displayName: input.displayName?.trim() || null,
          role: input.role,
        }),
      );
      return (await this.findById(user.id)) as User;
    } catch (err) {
      // Two registrations racing for the same name: the unique index decides.
      if ((err as { code?: string }).code === PG_UNIQUE_VIOLATION) {
        throw this.duplicate(String((err as { detail?: string }).detail).includes('username'));
      }
      throw err;
    }
  }

  private duplicate(byUsername: boolean) {
    return byUsername
      ? conflict('That username is already taken.', 'USERNAME_TAKEN')
      : conflict('An account with that email already exists.', 'EMAIL_TAKEN');
  }

  /**
   * Makes sure the site has an admin: the SEED_ADMIN_* account when configured, otherwise
   * 'admin' with a generated password that is printed once.
   */
  async ensureAdmin(): Promise<void> {
    if (await this.users.exists({ where: { role: 'admin' } })) return;
    const { username, email, password } = this.config.seedAdmin;
    const generated = !password;
    const account = {
      username: username ?? 'admin',
      email: email ?? 'admin@localhost.localdomain',
      password: password ?? randomBytes(12).toString('base64url'),
    };
    const taken = await this.users.findOne({
      where: [{ username: account.username }, { email: account.email }],
    });
    if (taken) {
      await this.users.update(taken.id, { role: 'admin' });
      this.logger.log(`Promoted existing user "${taken.username}" to admin`);
      return;
    }
    await this.create({ ...account, displayName: 'Studio Admin', role: 'admin' });
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

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
}

export function verifyPassword(hash: string, plain: string): Promise<boolean> {
  return argon2.verify(hash, plain).catch(() => false);
}

export function toPublicUser(u: User): PublicUser {
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
