/**
 * Who is acting, for the audit log, without threading it through every service: a global
 * interceptor runs each request handler inside an AsyncLocalStorage scope holding the signed-in
 * user and the client address. `AuditService.record` reads it; callers outside a request
 * (jobs, webhooks) pass the actor themselves or are recorded as the system.
 */
import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Observable } from 'rxjs';

export interface AuditActor {
  id: number | null;
  name: string | null;
  ip: string | null;
}

const storage = new AsyncLocalStorage<{ req: RequestLike }>();

interface RequestLike {
  ip?: string;
  user?: { id: number; username: string } | null;
}

/** The actor of the request being handled, if any. Read late: guards set `req.user` first. */
export function currentActor(): AuditActor | null {
  const req = storage.getStore()?.req;
  if (!req) return null;
  return { id: req.user?.id ?? null, name: req.user?.username ?? null, ip: req.ip ?? null };
}

@Injectable()
export class AuditContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<RequestLike>();
    return new Observable((subscriber) => {
      storage.run({ req }, () => {
        next.handle().subscribe(subscriber);
      });
    });
  }
}
