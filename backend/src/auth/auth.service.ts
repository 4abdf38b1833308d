import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { PublicUser } from '@studio/shared';
import { unauthorized } from '../common/errors/app.exception';
import { toPublicUser, UsersService, verifyPassword } from '../users/users.service';
import { LoginDto } from './dto/login.dto';
import { RegisterDto } from './dto/register.dto';
import { JwtPayload } from './jwt.strategy';

export interface Session {
  authToken: string;
  user: PublicUser;
}

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly jwt: JwtService,
  ) {}

  /** Self-registration always yields an author; roles are granted by staff, never requested. */
  async register(dto: RegisterDto): Promise<Session> {
    const user = await this.users.create({
      username: dto.username,
      email: dto.email,
      password: dto.password,
      displayName: dto.displayName,
      role: 'author',
    });
    return this.session(toPublicUser(user));
  }

  async login(dto: LoginDto): Promise<Session> {
    const found = await this.users.findForLogin(dto.username.trim());
    // Same answer for an unknown user and a wrong password: no account enumeration.
    if (!found || !(await verifyPassword(found.password, dto.password))) {
      throw unauthorized('Invalid username or password.', 'INVALID_CREDENTIALS');
    }
    return this.session(toPublicUser(found));
  }

  private async session(user: PublicUser): Promise<Session> {
    const payload: JwtPayload = { sub: user.id, role: user.role };
    return { authToken: await this.jwt.signAsync(payload), user };
  }
}
