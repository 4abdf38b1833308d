import { ExecutionContext, Injectable } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { unauthorized } from '../errors/app.exception';

/** Requires a valid token (bearer header or the authToken cookie); 401 in the error shape otherwise. */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw unauthorized();
    return user;
  }
}

/** Reads the token when present but lets anonymous callers through. */
@Injectable()
export class OptionalJwtAuthGuard extends AuthGuard('jwt') {
  override handleRequest<T>(_err: unknown, user: T): T {
    return (user || null) as T;
  }

  override canActivate(context: ExecutionContext) {
    return super.canActivate(context);
  }
}
