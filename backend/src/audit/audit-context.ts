/**
 * Who is acting, for the audit log, without threading it through every service: a global
 * interceptor runs each request handler inside an AsyncLocalStorage scope holding the signed-in
 * user and the client address. `AuditService.record` reads it; callers outside a request
 * (jobs, webhooks) pass the actor themselves or are recorded as the system.
 *
 * In Node 20 an enabled AsyncLocalStorage turns on async hooks for the whole process: every
 * promise, timer and socket then pays an `init` hook, including the requests Nest never sees
 * (cached blog reads answered in an `onRequest` hook) and the mail worker's jobs. So the storage
 * is on only while a request handler is in flight: the interceptor counts open scopes and turns
 * the storage off when the last one ends (completed, failed or unsubscribed by Nest). A later
 * request turns it on again (`run` does), and a handler's awaited work always runs inside its own
 * scope: the count only drops once the handler's observable has finished.
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
let openScopes = 0;

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

/** Request handlers in flight inside an audit scope (0: the storage and its hooks are off). */
export function openAuditScopes(): number {
  return openScopes;
}

@Injectable()
export class AuditContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<RequestLike>();
    return new Observable((subscriber) => {
      openScopes++;
      let open = true;
      const close = () => {
        if (!open) return;
        open = false;
        if (--openScopes === 0) storage.disable();
      };
      const inner = storage.run({ req }, () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (err: unknown) => {
            close();
            subscriber.error(err);
          },
          complete: () => {
            close();
            subscriber.complete();
          },
        }),
      );
      return () => {
        inner.unsubscribe();
        close();
      };
    });
  }
}
