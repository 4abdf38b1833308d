import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { AsyncLocalStorage } from 'node:async_hooks';
import { firstValueFrom, from, Subject, throwError } from 'rxjs';
import { AuditContextInterceptor, currentActor, openAuditScopes } from './audit-context';

const http = (req: object): ExecutionContext =>
  ({ getType: () => 'http', switchToHttp: () => ({ getRequest: () => req }) }) as unknown as ExecutionContext;
const handler = (fn: () => Promise<unknown>): CallHandler => ({ handle: () => from(fn()) });
const tick = (ms = 1) => new Promise((r) => setTimeout(r, ms));

describe('audit context', () => {
  const interceptor = new AuditContextInterceptor();
  const alice = { ip: '203.0.113.7', user: { id: 7, username: 'alice' } };
  const bob = { ip: '198.51.100.2', user: { id: 9, username: 'bob' } };

  it('gives each request handler its own actor across awaits and timers, even interleaved', async () => {
    const seen: Record<string, unknown[]> = { alice: [], bob: [] };
    const run = (name: 'alice' | 'bob', req: object, wait: number) =>
      firstValueFrom(
        interceptor.intercept(
          http(req),
          handler(async () => {
            seen[name].push(currentActor());
            await tick(wait);
            seen[name].push(currentActor());
            await new Promise((r) => setImmediate(r));
            seen[name].push(currentActor());
            return name;
          }),
        ),
      );
    await Promise.all([run('alice', alice, 15), run('bob', bob, 5)]);
    expect(seen.alice).toEqual(Array(3).fill({ id: 7, name: 'alice', ip: '203.0.113.7' }));
    expect(seen.bob).toEqual(Array(3).fill({ id: 9, name: 'bob', ip: '198.51.100.2' }));
    expect(currentActor()).toBeNull();
  });

  it('closes the scope when the handler completes, fails or is unsubscribed, and turns the storage off after the last', async () => {
    const disable = jest.spyOn(AsyncLocalStorage.prototype, 'disable');
    const gate = new Subject<string>();
    const pending = interceptor.intercept(http(alice), { handle: () => gate.asObservable() });
    const sub = pending.subscribe();
    expect(openAuditScopes()).toBe(1);
    await expect(
      firstValueFrom(interceptor.intercept(http(bob), { handle: () => throwError(() => new Error('no')) })),
    ).rejects.toThrow('no');
    expect(openAuditScopes()).toBe(1);
    await firstValueFrom(
      interceptor.intercept(
        http(bob),
        handler(async () => 'ok'),
      ),
    );
    expect(openAuditScopes()).toBe(1);
    expect(disable).not.toHaveBeenCalled();
    sub.unsubscribe();
    expect(openAuditScopes()).toBe(0);
    expect(disable).toHaveBeenCalledTimes(1);

    const completed = interceptor.intercept(http(alice), { handle: () => gate.asObservable() });
    const done = firstValueFrom(completed);
    expect(openAuditScopes()).toBe(1);
    gate.next('sent');
    gate.complete();
    await done;
    expect(openAuditScopes()).toBe(0);
    expect(disable).toHaveBeenCalledTimes(2);
    disable.mockRestore();
    // Off, it keeps no store: code running after the request sees no actor.
    expect(currentActor()).toBeNull();
  });
});
